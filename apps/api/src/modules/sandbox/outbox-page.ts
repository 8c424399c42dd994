import type { TOutboxEmail, TOutboxMessage } from '@konek/contract/sandbox-outbox';
import { toDisplayMobile } from '@konek/contract/validation';

// The outbox as a page a person reads during development: one number's text messages, the code picked
// out, and one address's emails with their links to follow, newest first. Without a number or an address
// only the forms show (ADR 019, 093). Every value is escaped — bodies, subjects, headers, numbers and
// addresses are data, never markup; only http(s) links in an email become links.

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

/** http(s) URLs in plain text; punctuation that ends a sentence or closes a bracket is not part of it. */
const URL_PATTERN = /https?:\/\/[^\s<>"']+/g;
const TRAILING = /[.,;:!?)\]}>]+$/;

/** Plain text escaped, with each http(s) URL in it a link (opened in a new tab, no referrer). */
export function linkify(text: string): string {
  let html = '';
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const url = match[0].replace(TRAILING, '');
    const start = match.index;
    html += escapeHtml(text.slice(last, start));
    html += `<a href="${escapeHtml(url)}" rel="noreferrer noopener" target="_blank">${escapeHtml(url)}</a>`;
    last = start + url.length;
  }
  return html + escapeHtml(text.slice(last));
}

const STYLE = `
  body { font: 16px/1.5 system-ui, sans-serif; margin: 0; padding: 16px; color: #1c1b1f; background: #f6f7fb; }
  main { max-width: 720px; margin: 0 auto; }
  h1 { font-size: 24px; margin: 0 0 4px; }
  h2 { font-size: 20px; margin: 24px 0 4px; }
  h3 { font-size: 17px; margin: 4px 0; overflow-wrap: anywhere; }
  p { margin: 0 0 16px; color: #4a4a55; }
  form { display: flex; gap: 8px; flex-wrap: wrap; margin-bottom: 16px; }
  input { font: inherit; padding: 8px 12px; border: 1px solid #b9bac6; border-radius: 8px; flex: 1 1 200px; }
  button { font: inherit; padding: 8px 16px; border-radius: 8px; border: 0; background: #0052cc; color: #fff; text-decoration: none; cursor: pointer; }
  ol { list-style: none; margin: 0; padding: 0; display: grid; gap: 12px; }
  li { background: #fff; border-radius: 12px; padding: 12px 16px; box-shadow: 0 1px 2px rgb(0 0 0 / 8%); }
  a { color: #0052cc; overflow-wrap: anywhere; }
  .meta { display: flex; flex-wrap: wrap; justify-content: space-between; gap: 4px 16px; color: #4a4a55; font-size: 14px; overflow-wrap: anywhere; }
  .code { font: 700 28px/1.2 ui-monospace, monospace; letter-spacing: 4px; margin: 4px 0; }
  .body { margin: 0; overflow-wrap: anywhere; }
  .text { margin: 8px 0 0; color: inherit; white-space: pre-wrap; overflow-wrap: anywhere; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: 2px 8px; margin: 8px 0 0; font-size: 14px; color: #4a4a55; }
  dt { font-weight: 600; }
  dd { margin: 0; overflow-wrap: anywhere; }
  @media (max-width: 480px) { dl { grid-template-columns: 1fr; } dd { margin-bottom: 4px; } }
  details { margin-top: 8px; font-size: 14px; }
  pre { white-space: pre-wrap; overflow-wrap: anywhere; background: #f6f7fb; padding: 8px; border-radius: 8px; }
  .empty { text-align: center; color: #4a4a55; }
`;

const CODE_PATTERN = /\b(\d{6})\b/;

const sentAt = (createdAt: string) =>
  `<time datetime="${escapeHtml(createdAt)}">${escapeHtml(createdAt.replace('T', ' ').slice(0, 19))} UTC</time>`;

function messageItem(message: TOutboxMessage): string {
  const code = CODE_PATTERN.exec(message.body)?.[1];
  return `<li>
  <div class="meta"><span>To ${escapeHtml(toDisplayMobile(message.msisdn))}</span>${sentAt(message.created_at)}</div>
  ${code ? `<div class="code" aria-label="Code">${escapeHtml(code)}</div>` : ''}
  <p class="body">${escapeHtml(message.body)}</p>
</li>`;
}

function emailItem(email: TOutboxEmail): string {
  const headers = Object.entries(email.headers);
  return `<li>
  <div class="meta"><span>To ${escapeHtml(email.to)}</span>${sentAt(email.created_at)}</div>
  <div class="meta"><span>From ${escapeHtml(email.from)}</span></div>
  <h3>${escapeHtml(email.subject)}</h3>
  <p class="text">${linkify(email.text)}</p>
  ${
    headers.length === 0
      ? ''
      : `<dl>${headers.map(([name, value]) => `<dt>${escapeHtml(name)}</dt><dd>${linkify(value)}</dd>`).join('')}</dl>`
  }
  ${email.html === null ? '' : `<details><summary>HTML version (source)</summary><pre>${escapeHtml(email.html)}</pre></details>`}
</li>`;
}

/** What the page shows: one number's texts and one address's emails, each only when named. */
export type OutboxView = {
  sms?: { msisdn: string; messages: TOutboxMessage[] };
  email?: { address: string; emails: TOutboxEmail[] };
};

function list<T>(items: T[] | undefined, render: (item: T) => string, ask: string): string {
  if (items === undefined) return `<p class="empty">${ask}</p>`;
  const shown =
    items.length === 0 ? '<li class="empty">Nothing sent yet.</li>' : items.map(render).join('\n');
  return `<ol>\n${shown}\n</ol>`;
}

export function renderOutboxPage(view: OutboxView): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Outbox · Konek sandbox</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>Outbox</h1>
<p>What Konek would have sent, newest first: the text messages to one number, the emails to one address. Development only.</p>
<h2 id="sms">SMS outbox</h2>
<form method="get" action="/sandbox/outbox">
  <input name="msisdn" required inputmode="numeric" placeholder="639171234567" aria-label="Mobile number (63…)" value="${escapeHtml(view.sms?.msisdn ?? '')}">
  <button type="submit">Show messages</button>
</form>
${list(view.sms?.messages, messageItem, 'Enter a mobile number to see the messages sent to it.')}
<h2 id="email">Email outbox</h2>
<form method="get" action="/sandbox/outbox#email">
  <input name="email" type="email" required placeholder="juan@example.com" aria-label="Email address" value="${escapeHtml(view.email?.address ?? '')}">
  <button type="submit">Show emails</button>
</form>
${list(view.email?.emails, emailItem, 'Enter an email address to see the emails sent to it.')}
</main>
</body>
</html>`;
}
