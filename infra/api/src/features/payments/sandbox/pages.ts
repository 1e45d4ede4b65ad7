// Server-rendered pages of the sandbox provider: plain HTML and CSS, no script, labelled fields, errors announced.

import crypto from 'node:crypto';
import type { SandboxOrderRow } from './engine.ts';

/** Escapes text for HTML element and attribute content. */
export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

const STYLE = `
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:#14121a;
  color:#f4f1fa;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
main{width:100%;max-width:420px;margin:24px;padding:28px;border-radius:16px;background:#221f2b;
  box-shadow:0 12px 40px rgba(0,0,0,.45)}
h1{font-size:1.35rem;margin:0 0 4px}
.amount{font-size:2rem;font-weight:700;margin:8px 0 20px}
.muted{color:#b9b3c8;font-size:.9rem;margin:0}
label{display:block;font-weight:600;margin:14px 0 6px}
input{width:100%;padding:12px 14px;border-radius:10px;border:1px solid #4a4558;background:#15131b;color:inherit;
  font-size:1rem}
input:focus{outline:3px solid #c66bff;outline-offset:1px;border-color:#c66bff}
input[aria-invalid=true]{border-color:#ff6b81}
.row{display:flex;gap:12px}.row>div{flex:1}
.error{color:#ff8a9b;font-size:.875rem;margin:6px 0 0}
.alert{background:#3a1d27;border:1px solid #ff6b81;border-radius:10px;padding:10px 12px;margin:0 0 12px}
button{width:100%;margin-top:22px;padding:14px;border:0;border-radius:12px;background:#c66bff;color:#14121a;
  font-size:1.05rem;font-weight:700;cursor:pointer}
button:focus-visible{outline:3px solid #fff;outline-offset:2px}
.note{margin-top:16px}.note a{color:#d9a6ff}
.badge{display:inline-block;font-size:.75rem;letter-spacing:.04em;text-transform:uppercase;background:#34304a;
  border-radius:999px;padding:2px 10px;margin-bottom:12px}
`;

/**
 * The pages' Content-Security-Policy: no script at all, the one inline stylesheet by its hash, the card form posts
 * only to this origin and the page cannot be framed (a card form in someone else's frame is a phishing kit).
 */
export const PAGE_CSP = [
  "default-src 'none'",
  `style-src 'sha256-${crypto.createHash('sha256').update(STYLE).digest('base64')}'`,
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join('; ');

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body><main>${body}</main></body></html>`;
}

/** The order amount as a buyer reads it. */
export function money(order: SandboxOrderRow): string {
  return `${order.currency === 'USD' ? '$' : `${order.currency} `}${(order.amount / 100).toFixed(2)}`;
}

/** Field errors of the card form, keyed by field name. */
export type CardErrors = Partial<
  Record<'cardNumber' | 'cardExpiryDate' | 'cardCvv' | 'cardHolder' | 'email', string>
>;

/** One labelled card field with its error, named as the provider SDK names it. */
export function field(
  name: keyof CardErrors,
  label: string,
  attrs: string,
  errors: CardErrors,
  value = '',
): string {
  const error = errors[name];
  const describedBy = error ? ` aria-describedby="${name}-error" aria-invalid="true"` : '';
  return `<div><label for="${name}">${label}</label>
<input id="${name}" name="${name}" ${attrs} value="${escapeHtml(value)}"${describedBy}${name === 'email' ? '' : ' required'}>
${error ? `<p class="error" id="${name}-error">${escapeHtml(error)}</p>` : ''}</div>`;
}

/**
 * An anonymous payer's contact e-mail (ADR 0290), on the hosted page and in the embedded form alike: optional, and
 * only for an order created with `askEmail`.
 */
function contactField(order: SandboxOrderRow, errors: CardErrors, value?: string): string {
  return order.ask_email
    ? field(
        'email',
        'E-mail (optional): we send you a link to keep your purchase',
        'type="email" autocomplete="email" maxlength="320"',
        errors,
        value,
      )
    : '';
}

/** Values a card form keeps when it is shown again with its errors (never the CVV). */
export type CardValues = Partial<Record<keyof CardErrors, string>>;

/**
 * The card fields, named as the provider SDK names them (cardNumber, cardExpiryDate, cardCvv, cardHolder), then the
 * anonymous payer's contact field: the hosted page and the embedded form's frame show the same fields.
 */
export function cardFields(
  order: SandboxOrderRow,
  errors: CardErrors,
  values: CardValues,
  placeholder: { number: string; expiry: string },
): string {
  return `${field('cardNumber', 'Card number', `inputmode="numeric" autocomplete="cc-number" maxlength="23" placeholder="${placeholder.number}"`, errors, values.cardNumber)}
<div class="row">
${field('cardExpiryDate', 'Expiry (MM/YY)', `inputmode="numeric" autocomplete="cc-exp" maxlength="7" placeholder="${placeholder.expiry}"`, errors, values.cardExpiryDate)}
${field('cardCvv', 'CVV', 'inputmode="numeric" autocomplete="cc-csc" maxlength="4" placeholder="123"', errors)}
</div>
${field('cardHolder', 'Cardholder name', 'autocomplete="cc-name" maxlength="100"', errors, values.cardHolder)}
${contactField(order, errors, values.email)}`;
}

const ENVELOPE_NAMES = { solidgate: 'Card payment', yuno: 'Card payment (Yuno)', paypal: 'PayPal' } as const;

/** The hosted payment page (card fields named as the provider SDK's: cardNumber, cardExpiryDate, cardCvv, cardHolder). */
export function paymentPage(
  order: SandboxOrderRow,
  errors: CardErrors = {},
  values: CardValues = {},
): string {
  const hasErrors = Object.keys(errors).length > 0;
  return layout(
    `Pay ${money(order)}`,
    `<span class="badge">Sandbox · ${ENVELOPE_NAMES[order.envelope]}</span>
<h1>${escapeHtml(order.description ?? 'Payment')}</h1>
<p class="amount">${money(order)}</p>
${hasErrors ? '<p class="alert" role="alert">Please correct the highlighted fields.</p>' : ''}
<form method="post" novalidate>
${cardFields(order, errors, values, { number: '4067 4299 7471 9265', expiry: '12/30' })}
<button type="submit">Pay ${money(order)}</button>
</form>
<p class="muted note">Test mode: no real card is charged. Test cards: <a href="../test-cards">/api/sandbox/test-cards</a>.</p>`,
  );
}

/** The 3-D Secure challenge page. */
export function challengePage(order: SandboxOrderRow, error?: string): string {
  return layout(
    '3-D Secure verification',
    `<span class="badge">Sandbox · 3-D Secure</span>
<h1>Confirm your payment</h1>
<p class="muted">Your bank asks you to confirm ${money(order)} with card •••• ${escapeHtml(order.card_last4 ?? '')}.
Test codes: 1234 passes, 3333 fails on the bank side, anything else fails verification.</p>
${error ? `<p class="alert" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" novalidate>
<div><label for="otp">One-time code</label>
<input id="otp" name="otp" inputmode="numeric" autocomplete="one-time-code" maxlength="8" required></div>
<button type="submit">Confirm</button>
</form>`,
  );
}

/** A final page for an order that can no longer be paid here. */
export function closedPage(order: SandboxOrderRow): string {
  const ok = order.status === 'approved';
  return layout(
    ok ? 'Payment complete' : 'Payment closed',
    `<span class="badge">Sandbox</span><h1>${ok ? 'This order is paid' : 'This payment page is closed'}</h1>
<p class="muted">${ok ? 'You can close this page.' : `Code ${escapeHtml(order.decline_code ?? '0.02')}. Start a new payment to try again.`}</p>`,
  );
}

/** A page for an unknown order id. */
export function notFoundPage(): string {
  return layout(
    'Order not found',
    '<h1>Order not found</h1><p class="muted">This payment link is not valid.</p>',
  );
}
