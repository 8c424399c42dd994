import { amountText } from '@konek/contract/number-formats';
import { centavosToPesos } from '@konek/contract/money';
import type { TPayMongoMethodType } from '@konek/contract/payment-methods';
import { SANDBOX_CHECKOUT_PATH, SANDBOX_MERCHANT, type SandboxCheckout } from './local-gateway';

// ADR 038: the local gateway's checkout page, the stand-in for the wallet's own authorization page. It
// wears the chosen wallet's name and colours (a lettered wordmark, not the wallet's logo), shows the
// merchant and the amount in PHP with thousands separators and 2 decimals, and offers what a wallet
// offers — authorize, or cancel and go back — with the outcomes a wallet could also answer (declined for
// insufficient funds, expired) in a sandbox panel apart. Every value is escaped; the page runs no inline
// script (the CSP forbids it): the countdown is a small script served beside it.

export const SANDBOX_COUNTDOWN_SCRIPT_PATH = '/sandbox/checkout-countdown.js';

type Wallet = { name: string; account: string; className: string };

const WALLETS: Record<TPayMongoMethodType, Wallet> = {
  gcash: { name: 'GCash', account: 'GCash wallet', className: 'wallet-gcash' },
  grab_pay: { name: 'GrabPay', account: 'GrabPay Wallet', className: 'wallet-grabpay' },
  paymaya: { name: 'Maya', account: 'Maya Wallet', className: 'wallet-maya' },
  shopee_pay: { name: 'ShopeePay', account: 'ShopeePay balance', className: 'wallet-shopeepay' },
};

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character] ?? character);

const STYLE = `
  *, *::before, *::after { box-sizing: border-box; }
  body { margin: 0; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #16181d; background: #eef1f6; min-height: 100vh; }
  .wallet-gcash { --brand: #005ce6; --brand-deep: #0041a8; --on-brand: #fff; --action: #005ce6; --on-action: #fff; }
  .wallet-grabpay { --brand: #00b14f; --brand-deep: #008a3d; --on-brand: #fff; --action: #00b14f; --on-action: #fff; }
  .wallet-maya { --brand: #111214; --brand-deep: #000; --on-brand: #fff; --action: #00c96b; --on-action: #0b0c0d; }
  .wallet-shopeepay { --brand: #ee4d2d; --brand-deep: #c53a1f; --on-brand: #fff; --action: #ee4d2d; --on-action: #fff; }
  .topbar { background: linear-gradient(135deg, var(--brand), var(--brand-deep)); color: var(--on-brand); padding: 20px 16px 72px; }
  .topbar-inner { max-width: 440px; margin: 0 auto; display: flex; align-items: center; justify-content: space-between; gap: 12px; }
  .wordmark { font-weight: 800; font-size: 26px; letter-spacing: -0.5px; }
  .secure { font-size: 13px; opacity: 0.92; display: inline-flex; align-items: center; gap: 6px; }
  .secure svg { width: 14px; height: 14px; flex: none; }
  main { max-width: 472px; margin: -56px auto 0; padding: 0 16px 24px; }
  .card { background: #fff; border-radius: 16px; box-shadow: 0 6px 24px rgb(16 24 40 / 12%); padding: 24px 20px; }
  .title { margin: 0 0 16px; font-size: 20px; line-height: 1.3; }
  .merchant { display: flex; align-items: center; gap: 12px; margin: 0 0 20px; }
  .merchant-logo { width: 44px; height: 44px; border-radius: 12px; background: #0f2a4d; color: #fff; font-weight: 800; font-size: 20px; display: grid; place-items: center; flex: none; }
  .merchant-text { display: flex; flex-direction: column; line-height: 1.3; }
  .merchant-text span { font-size: 13px; color: #5b6170; }
  .merchant-text strong { font-size: 18px; }
  .amount-label { margin: 0; font-size: 13px; color: #5b6170; text-transform: uppercase; letter-spacing: 0.6px; }
  .amount { margin: 2px 0 20px; font-size: 36px; font-weight: 800; letter-spacing: -0.5px; font-variant-numeric: tabular-nums; overflow-wrap: anywhere; }
  .amount .currency { font-size: 18px; font-weight: 700; color: #5b6170; margin-right: 6px; }
  dl { margin: 0 0 24px; border-top: 1px solid #e6e8ee; }
  dl div { display: flex; justify-content: space-between; gap: 16px; padding: 10px 0; border-bottom: 1px solid #e6e8ee; font-size: 15px; }
  dt { color: #5b6170; flex: none; }
  dd { margin: 0; text-align: right; font-weight: 600; overflow-wrap: anywhere; min-width: 0; }
  .actions { display: grid; gap: 8px; }
  button, .button { font: inherit; font-weight: 700; border-radius: 999px; padding: 14px 20px; border: 0; cursor: pointer; text-align: center; text-decoration: none; display: block; width: 100%; }
  .primary { background: var(--action); color: var(--on-action); font-size: 17px; }
  .primary:hover { filter: brightness(0.95); }
  .quiet { background: transparent; color: #3a4050; font-weight: 600; }
  .quiet:hover { background: #f1f3f7; }
  button:focus-visible, .button:focus-visible { outline: 3px solid #ffb020; outline-offset: 2px; }
  .sandbox { margin-top: 16px; border: 2px dashed #b7bdca; border-radius: 16px; padding: 16px 20px; background: #fafbfd; }
  .sandbox h2 { margin: 0 0 4px; font-size: 15px; }
  .sandbox p { margin: 0 0 12px; font-size: 14px; color: #5b6170; }
  .sandbox .actions { grid-template-columns: repeat(auto-fit, minmax(210px, 1fr)); }
  .sandbox button { background: #fff; color: #16181d; border: 1px solid #b7bdca; border-radius: 10px; font-size: 14px; padding: 10px 12px; }
  .sandbox button:hover { background: #f1f3f7; }
  .ribbon { display: inline-block; margin-top: 12px; font-size: 12px; font-weight: 700; letter-spacing: 0.4px; text-transform: uppercase; background: rgb(255 255 255 / 18%); border-radius: 999px; padding: 2px 10px; }
  .status { text-align: center; }
  .status h1 { font-size: 22px; margin: 8px 0; }
  .status p { color: #5b6170; margin: 0 0 20px; }
  .status .amount { color: #16181d; margin: 4px 0 12px; }
  .status dl { text-align: left; }
  .badge { width: 56px; height: 56px; border-radius: 50%; margin: 0 auto; display: grid; place-items: center; font-size: 28px; font-weight: 800; }
  .badge-ok { background: #e3f7ea; color: #127a3a; }
  .badge-stop { background: #fdecea; color: #b3261e; }
  .notice { background: #fff4e5; color: #6b3d00; border-radius: 12px; padding: 12px 14px; margin: 0 0 16px; font-size: 14px; }
  footer { max-width: 472px; margin: 0 auto; padding: 0 16px 32px; font-size: 12px; color: #5b6170; text-align: center; overflow-wrap: anywhere; }
  @media (min-width: 768px) { .topbar { padding-top: 28px; } main { margin-top: -52px; } .amount { font-size: 40px; } }
`;

function walletOf(checkout: SandboxCheckout): Wallet {
  const method = checkout.paidMethod ?? checkout.methods[0] ?? 'gcash';
  return WALLETS[method];
}

function amountHtml(centavos: number): string {
  return `<span class="currency">PHP</span>${escapeHtml(amountText(centavosToPesos(centavos)))}`;
}

function page(checkout: SandboxCheckout, title: string, body: string): string {
  const wallet = walletOf(checkout);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<link rel="icon" href="data:,">
<title>${escapeHtml(title)} · ${escapeHtml(wallet.name)} · Konek sandbox</title>
<style>${STYLE}</style>
</head>
<body class="${wallet.className}">
<header class="topbar"><div class="topbar-inner"><span class="wordmark">${escapeHtml(wallet.name)}</span><span class="secure"><svg viewBox="0 0 16 16" aria-hidden="true"><path fill="currentColor" d="M8 1a4 4 0 0 0-4 4v2H3a1 1 0 0 0-1 1v6a1 1 0 0 0 1 1h10a1 1 0 0 0 1-1V8a1 1 0 0 0-1-1h-1V5a4 4 0 0 0-4-4Zm-2.5 6V5a2.5 2.5 0 0 1 5 0v2h-5Z"/></svg>Secure checkout</span></div>
<div class="topbar-inner"><span class="ribbon">Sandbox · no real money moves</span></div></header>
<main>
${body}
</main>
<footer>Konek sandbox gateway · test mode · ${escapeHtml(checkout.id)}</footer>
<script src="${SANDBOX_COUNTDOWN_SCRIPT_PATH}" defer></script>
</body>
</html>`;
}

function merchantHtml(): string {
  return `<p class="merchant"><span class="merchant-logo" aria-hidden="true">K</span><span class="merchant-text"><span>Pay to</span><strong>${escapeHtml(SANDBOX_MERCHANT)}</strong></span></p>`;
}

function detailsHtml(checkout: SandboxCheckout, withExpiry: boolean): string {
  const wallet = walletOf(checkout);
  const rows: [string, string][] = [
    ['For', escapeHtml(checkout.itemName)],
    ['Pay with', escapeHtml(wallet.account)],
    ['Reference', escapeHtml(checkout.reference.slice(0, 8).toUpperCase())],
  ];
  if (withExpiry) {
    const iso = checkout.expiresAt.toISOString();
    rows.push([
      'Expires in',
      `<time datetime="${escapeHtml(iso)}" data-countdown="${escapeHtml(iso)}">${escapeHtml(
        iso.replace('T', ' ').slice(0, 16),
      )} UTC</time>`,
    ]);
  }
  return `<dl>${rows.map(([term, value]) => `<div><dt>${term}</dt><dd>${value}</dd></div>`).join('')}</dl>`;
}

const actionUrl = (checkout: SandboxCheckout) =>
  `${SANDBOX_CHECKOUT_PATH}/${encodeURIComponent(checkout.id)}`;

/** The authorization page of an active checkout. */
function activePage(checkout: SandboxCheckout, notice: string | undefined): string {
  const amount = amountHtml(checkout.amountCentavos);
  return page(
    checkout,
    'Authorize payment',
    `<section class="card" aria-labelledby="checkout-title">
<h1 class="title" id="checkout-title">Authorize payment</h1>
${notice ? `<p class="notice" role="alert">${escapeHtml(notice)}</p>` : ''}
${merchantHtml()}
<p class="amount-label" id="amount-label">Amount due</p>
<p class="amount">${amount}</p>
${detailsHtml(checkout, true)}
<form method="post" action="${actionUrl(checkout)}" class="actions">
  <button type="submit" class="primary" name="action" value="authorize">Pay PHP ${escapeHtml(amountText(centavosToPesos(checkout.amountCentavos)))}</button>
  <button type="submit" class="quiet" name="action" value="cancel">Cancel and return to ${escapeHtml(SANDBOX_MERCHANT)}</button>
</form>
</section>
<section class="sandbox" aria-labelledby="sandbox-title">
<h2 id="sandbox-title">Sandbox controls</h2>
<p>Answer as the wallet could instead. Konek is told by a signed webhook, as PayMongo would tell it.</p>
<form method="post" action="${actionUrl(checkout)}" class="actions">
  <button type="submit" name="action" value="decline">Decline (insufficient funds)</button>
  <button type="submit" name="action" value="expire">Expire now</button>
</form>
</section>`,
  );
}

function closedPage(checkout: SandboxCheckout, notice: string | undefined): string {
  const isPaid = checkout.status === 'paid';
  const heading = isPaid
    ? 'Payment received'
    : checkout.status === 'expired'
      ? 'This payment request has expired'
      : 'Payment cancelled';
  const text = isPaid
    ? `${escapeHtml(SANDBOX_MERCHANT)} has been paid. You can close this page.`
    : 'Nothing was charged to your wallet.';
  const back = isPaid ? checkout.successUrl : checkout.cancelUrl;
  return page(
    checkout,
    heading,
    `<section class="card status" aria-labelledby="status-title">
${notice ? `<p class="notice" role="alert">${escapeHtml(notice)}</p>` : ''}
<div class="badge ${isPaid ? 'badge-ok' : 'badge-stop'}" aria-hidden="true">${isPaid ? '✓' : '!'}</div>
<h1 id="status-title">${heading}</h1>
<p class="amount">${amountHtml(checkout.amountCentavos)}</p>
<p>${text}</p>
${detailsHtml(checkout, false)}
<a class="button primary" href="${escapeHtml(back)}">Return to ${escapeHtml(SANDBOX_MERCHANT)}</a>
</section>`,
  );
}

/** The page for a checkout: authorize while it is active, its outcome once it is not. */
export function renderCheckoutPage(checkout: SandboxCheckout, notice?: string): string {
  return checkout.status === 'active' ? activePage(checkout, notice) : closedPage(checkout, notice);
}

/** After an action whose webhook Konek did not take: say so and offer to send it again. */
export function renderDeliveryFailedPage(checkout: SandboxCheckout, status: number | null): string {
  const answered = status ? `answered HTTP ${status}` : 'did not answer';
  return page(
    checkout,
    'Notification not delivered',
    `<section class="card status" aria-labelledby="status-title">
<div class="badge badge-stop" aria-hidden="true">!</div>
<h1 id="status-title">Konek was not notified</h1>
<p>The gateway sent the signed webhook three times and Konek ${escapeHtml(answered)}. It will keep trying in the background, or send it now.</p>
<form method="post" action="${actionUrl(checkout)}" class="actions">
  <button type="submit" class="primary" name="action" value="resend">Send the notification again</button>
</form>
</section>`,
  );
}

export function renderCheckoutNotFoundPage(): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Checkout not found · Konek sandbox</title><style>${STYLE}</style></head>
<body class="wallet-gcash"><main style="margin-top:48px"><section class="card status"><h1>Checkout not found</h1>
<p>There is no sandbox checkout at this address. Start the payment again from Konek.</p></section></main></body></html>`;
}

/** The countdown beside every checkout page: "29:58" until the checkout expires, then a reload. */
export const SANDBOX_COUNTDOWN_SCRIPT = `(() => {
  const clocks = document.querySelectorAll('[data-countdown]');
  if (clocks.length === 0) return;
  const pad = (n) => String(n).padStart(2, '0');
  const tick = () => {
    let expired = false;
    for (const clock of clocks) {
      const left = Math.max(0, Date.parse(clock.dataset.countdown) - Date.now());
      const seconds = Math.floor(left / 1000);
      clock.textContent = Math.floor(seconds / 60) + ':' + pad(seconds % 60);
      if (left === 0) expired = true;
    }
    if (expired) { clearInterval(timer); setTimeout(() => location.reload(), 1000); }
  };
  const timer = setInterval(tick, 1000);
  tick();
})();
`;
