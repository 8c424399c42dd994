import type { TOutboxMessage } from '@konek/contract/sandbox-outbox';
import { toDisplayMobile } from '@konek/contract/validation';

// The SMS outbox as a page a person reads during development: one number's messages, newest first, the
// code picked out. Without a number only the form shows (ADR 019). Every value is escaped — message bodies
// and numbers are data, never markup.

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character] ?? character);
}

const STYLE = `
  body { font: 16px/1.5 system-ui, sans-serif; margin: 0; padding: 16px; color: #1c1b1f; background: #f6f7fb; }
  main { max-width: 720px; margin: 0 auto; }
  h1 { font-size: 24px; margin: 0 0 4px; }
  p { margin: 0 0 16px; color: #4a4a55; }
  form { display: flex; gap: 8px; flex-wrap: wrap; margin-bottom: 16px; }
  input { font: inherit; padding: 8px 12px; border: 1px solid #b9bac6; border-radius: 8px; flex: 1 1 200px; }
  button { font: inherit; padding: 8px 16px; border-radius: 8px; border: 0; background: #0052cc; color: #fff; text-decoration: none; cursor: pointer; }
  ol { list-style: none; margin: 0; padding: 0; display: grid; gap: 12px; }
  li { background: #fff; border-radius: 12px; padding: 12px 16px; box-shadow: 0 1px 2px rgb(0 0 0 / 8%); }
  .meta { display: flex; flex-wrap: wrap; justify-content: space-between; gap: 4px 16px; color: #4a4a55; font-size: 14px; }
  .code { font: 700 28px/1.2 ui-monospace, monospace; letter-spacing: 4px; margin: 4px 0; }
  .body { margin: 0; overflow-wrap: anywhere; }
  .empty { text-align: center; color: #4a4a55; }
`;

const CODE_PATTERN = /\b(\d{6})\b/;

function item(message: TOutboxMessage): string {
  const code = CODE_PATTERN.exec(message.body)?.[1];
  const sentAt = message.created_at.replace('T', ' ').slice(0, 19);
  return `<li>
  <div class="meta"><span>To ${escapeHtml(toDisplayMobile(message.msisdn))}</span><time datetime="${escapeHtml(message.created_at)}">${escapeHtml(sentAt)} UTC</time></div>
  ${code ? `<div class="code" aria-label="Code">${escapeHtml(code)}</div>` : ''}
  <p class="body">${escapeHtml(message.body)}</p>
</li>`;
}

/** What the page shows: one number and its messages, or nothing but the form. */
export type OutboxView = { msisdn: string; messages: TOutboxMessage[] } | undefined;

function list(view: OutboxView): string {
  if (view === undefined) {
    return '<p class="empty">Enter a mobile number to see the messages sent to it.</p>';
  }
  const items =
    view.messages.length === 0
      ? '<li class="empty">No messages yet.</li>'
      : view.messages.map(item).join('\n');
  return `<ol>\n${items}\n</ol>`;
}

export function renderOutboxPage(view: OutboxView): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>SMS outbox · Konek sandbox</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>SMS outbox</h1>
<p>Text messages Konek would have sent to one number, newest first. Development only.</p>
<form method="get" action="/sandbox/outbox">
  <input name="msisdn" required inputmode="numeric" placeholder="639171234567" aria-label="Mobile number (63…)" value="${escapeHtml(view?.msisdn ?? '')}">
  <button type="submit">Show messages</button>
</form>
${list(view)}
</main>
</body>
</html>`;
}
