// The sandbox form's frame pages (inside the SDK's iframe): the card form, its 3-D Secure step and the result.
// One inline script, allowed by its hash, posts the provider SDK's events (001 §4) to the page that framed it, and
// only to the shop's origin; the form itself works without it (plain POSTs to this origin).

import crypto from 'node:crypto';
import type { SandboxOrderRow } from './engine.ts';
import { FORM_CHANNEL } from './form-sdk.ts';
import { cardFields, escapeHtml, money } from './pages.ts';
import type { CardErrors, CardValues } from './pages.ts';

/** Form layouts, button styles, wallet buttons and their themes of 001 §4. */
export const FORM_LAYOUTS = ['default', 'card', 'inline', 'flat'] as const;
export const BUTTON_STYLES = ['default', 'continue'] as const;
export const WALLET_KINDS = ['googlebtn', 'applebtn'] as const;
export const WALLET_THEMES = ['monochrome-light', 'monochrome-dark', 'colored'] as const;
export type WalletKind = (typeof WALLET_KINDS)[number];

/** A wallet button the page asked for (`formParams.googlePayButtonParams` / `applePayButtonParams`). */
export interface WalletButton {
  kind: WalletKind;
  theme: (typeof WALLET_THEMES)[number];
}

/** How the page framing the form asked for it (the SDK's `formParams`). */
export interface FrameLook {
  layout: (typeof FORM_LAYOUTS)[number];
  button: (typeof BUTTON_STYLES)[number];
  buttonText: string | null;
  wallets: readonly WalletButton[];
}

/** The wallets' names on their buttons. */
const WALLET_NAMES: Record<WalletKind, string> = { googlebtn: 'Google Pay', applebtn: 'Apple Pay' };

const STYLE = `
*{box-sizing:border-box}
:root{--sg-bg:transparent;--sg-text:#f4f1fa;--sg-muted:#b9b3c8;--sg-field:#15131b;--sg-border:#4a4558;
  --sg-accent:#c66bff;--sg-accent-text:#14121a;--sg-error:#ff8a9b;--sg-radius:12px;color-scheme:dark}
html,body{margin:0;background:var(--sg-bg);color:var(--sg-text);
  font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
main{padding:4px 2px 8px}
label{display:block;font-weight:600;font-size:.9rem;margin:12px 0 6px;color:var(--sg-muted)}
input{width:100%;padding:12px 14px;border-radius:var(--sg-radius);border:1px solid var(--sg-border);
  background:var(--sg-field);color:inherit;font-size:1rem}
input:focus{outline:3px solid var(--sg-accent);outline-offset:1px;border-color:var(--sg-accent)}
input[aria-invalid=true]{border-color:var(--sg-error)}
.row{display:flex;gap:12px}.row>div{flex:1}
.error{color:var(--sg-error);font-size:.875rem;margin:6px 0 0}
.alert{border:1px solid var(--sg-error);border-radius:10px;padding:10px 12px;margin:0 0 8px;color:var(--sg-error)}
button{width:100%;margin-top:20px;padding:14px;border:0;border-radius:var(--sg-radius);background:var(--sg-accent);
  color:var(--sg-accent-text);font-size:1.05rem;font-weight:700;cursor:pointer}
button:focus-visible{outline:3px solid var(--sg-text);outline-offset:2px}
.muted{color:var(--sg-muted);font-size:.85rem;margin:12px 0 0;text-align:center}
.status{text-align:center;padding:24px 8px}
.layout-flat input{border-width:0 0 1px;border-radius:0;background:transparent}
.layout-card form{padding:16px;border:1px solid var(--sg-border);border-radius:16px}
.layout-inline .fields{display:flex;flex-wrap:wrap;gap:0 12px}.layout-inline .fields>div{flex:1 1 140px}
.button-continue button{text-transform:none;letter-spacing:.01em}
.wallets{display:flex;flex-direction:column;gap:10px;margin:4px 0 0}.wallets button{margin:0;font-weight:600}
.theme-monochrome-dark{background:#000;color:#fff}
.theme-monochrome-light{background:#fff;color:#111;box-shadow:inset 0 0 0 1px #c9c3d6}
.theme-colored.wallet-googlebtn{background:#1a73e8;color:#fff}.theme-colored.wallet-applebtn{background:#000;color:#fff}
.or{display:flex;align-items:center;gap:10px;margin:16px 0 0;color:var(--sg-muted);font-size:.85rem}
.or::before,.or::after{content:"";flex:1;border-top:1px solid var(--sg-border)}
`;

// Each page states what to post once loaded; the form adds the field interactions and the card's BIN.
const SCRIPT = `(function () {
  var config = JSON.parse(document.getElementById('form-config').textContent);
  var post = function (type, data) {
    parent.postMessage({ channel: ${JSON.stringify(FORM_CHANNEL)}, type: type, data: data }, config.parentOrigin);
  };
  // The body's own height: the document's never drops below the frame's, so a shorter form would keep the gap.
  var size = function () {
    var box = document.body.getBoundingClientRect();
    post('resize', { type: 'resize', width: Math.ceil(box.width), height: Math.ceil(box.height) });
  };
  config.events.forEach(function (e) { post(e.type, e.data); });
  size();
  if (window.ResizeObserver) new ResizeObserver(size).observe(document.body);
  var allowed = ['--sg-bg', '--sg-text', '--sg-muted', '--sg-field', '--sg-border', '--sg-accent', '--sg-accent-text', '--sg-error', '--sg-radius', 'color-scheme'];
  window.addEventListener('message', function (event) {
    if (event.origin !== config.parentOrigin || event.source !== parent) return;
    var message = event.data || {};
    if (message.channel !== ${JSON.stringify(FORM_CHANNEL)}) return;
    if (message.type === 'styles' && message.data && typeof message.data === 'object') {
      Object.keys(message.data).forEach(function (name) {
        if (allowed.indexOf(name) >= 0) document.documentElement.style.setProperty(name, String(message.data[name]).slice(0, 60));
      });
      post('customStylesAppended', { type: 'customStylesAppended' });
    }
    if (message.type === 'submit') { var f = document.querySelector('form[data-kind="card"], form[data-kind="otp"]'); if (f) f.requestSubmit(); }
  });
  // Wallet buttons (001 §4 method kinds applebtn, googlebtn): a click, then the submit of that method.
  var wallets = document.querySelector('form[data-kind="wallet"]');
  if (wallets) {
    Array.prototype.forEach.call(wallets.querySelectorAll('button'), function (button) {
      button.addEventListener('click', function () {
        post('interaction', { type: 'interaction', target: { type: 'button', name: button.value, interaction: 'click' } });
      });
    });
    wallets.addEventListener('submit', function (event) {
      post('submit', { type: 'submit', entity: event.submitter ? event.submitter.value : 'googlebtn' });
      // After this turn: a submitter disabled now would drop its wallet from the posted form.
      setTimeout(function () {
        Array.prototype.forEach.call(wallets.querySelectorAll('button'), function (button) { button.disabled = true; });
      });
    });
  }
  var form = document.querySelector('form[data-kind="card"]');
  if (!form) return;
  var names = ['cardNumber', 'cardExpiryDate', 'cardCvv', 'cardHolder'];
  var touched = {};
  var valid = function (name, value) {
    var v = value.replace(/[\\s-]/g, '');
    if (name === 'cardNumber') return /^\\d{12,19}$/.test(v);
    if (name === 'cardExpiryDate') return /^(0?[1-9]|1[0-2])\\/(\\d{2}|\\d{4})$/.test(v);
    if (name === 'cardCvv') return /^\\d{3,4}$/.test(v);
    return value.trim().length >= 2;
  };
  var state = function () {
    var fields = {};
    names.forEach(function (name) {
      var input = form.elements[name];
      fields[name] = { isValid: valid(name, input.value), isTouched: !!touched[name] };
    });
    return { fields: fields, isValid: names.every(function (n) { return fields[n].isValid; }), isTouched: names.some(function (n) { return touched[n]; }) };
  };
  var lastBin = '';
  names.forEach(function (name) {
    var input = form.elements[name];
    ['click', 'focus', 'blur', 'change'].forEach(function (interaction) {
      input.addEventListener(interaction, function () {
        if (interaction === 'blur' || interaction === 'change') touched[name] = true;
        post('interaction', { type: 'interaction', target: { type: 'input', name: name, interaction: interaction }, cardForm: state() });
      });
    });
  });
  form.elements.cardNumber.addEventListener('input', function () {
    var digits = form.elements.cardNumber.value.replace(/\\D/g, '');
    var bin = digits.slice(0, 6);
    if (bin.length === 6 && bin !== lastBin) {
      lastBin = bin;
      var brand = /^4/.test(bin) ? 'VISA' : /^(5[1-5]|2[2-7])/.test(bin) ? 'MASTERCARD' : /^3[47]/.test(bin) ? 'AMEX' : 'UNKNOWN';
      post('card', { type: 'card', card: { brand: brand, bin: bin } });
    }
  });
  form.addEventListener('submit', function () {
    post('submit', { type: 'submit', entity: 'form' });
    var button = form.querySelector('button');
    if (button) { button.disabled = true; button.textContent = 'Processing…'; }
  });
})();`;

const hash = (text: string) => `'sha256-${crypto.createHash('sha256').update(text).digest('base64')}'`;

/** The frame pages' CSP: this script and stylesheet by hash, posts to this origin, framed only by the shop. */
export function frameCsp(parentOrigin: string): string {
  return [
    "default-src 'none'",
    `style-src ${hash(STYLE)}`,
    `script-src ${hash(SCRIPT)}`,
    "form-action 'self'",
    `frame-ancestors ${parentOrigin}`,
    "base-uri 'none'",
  ].join('; ');
}

/** One SDK event a page posts once it has loaded. */
interface FrameEvent {
  type: string;
  data: Record<string, unknown>;
}

function frame(look: FrameLook, parentOrigin: string, events: FrameEvent[], body: string): string {
  // `<` escaped: the config is JSON inside a script element.
  const config = JSON.stringify({ parentOrigin, events }).replace(/</g, '\\u003c');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>Card payment</title><style>${STYLE}</style></head>
<body class="layout-${look.layout} button-${look.button}"><main>${body}</main>
<script type="application/json" id="form-config">${config}</script><script>${SCRIPT}</script></body></html>`;
}

/** The order as the SDK's events describe it (Solidgate's `order` object). */
function orderOf(order: SandboxOrderRow) {
  return {
    order_id: order.merchant_order_id,
    status: order.status,
    amount: order.amount,
    currency: order.currency,
  };
}

/** The card form in the frame; `action` is where it posts (this order's form URL). */
export function cardFrame(
  order: SandboxOrderRow,
  look: FrameLook,
  parentOrigin: string,
  action: string,
  errors: CardErrors = {},
  values: CardValues = {},
): string {
  const rerender = Object.keys(errors).length > 0;
  const events: FrameEvent[] = rerender
    ? []
    : [
        { type: 'mounted', data: { type: 'mounted', entity: 'form' } },
        {
          type: 'paymentDetails',
          data: {
            type: 'paymentDetails',
            price: order.amount,
            currency: order.currency,
            description: order.description,
          },
        },
      ];
  const button = look.buttonText ?? (look.button === 'continue' ? 'Continue' : `Pay ${money(order)}`);
  // The wallets first, as the provider's form shows them; the sandbox's wallet pays with its success card.
  const wallets =
    look.wallets.length === 0
      ? ''
      : `<form method="post" action="${escapeHtml(action)}" data-kind="wallet" class="wallets">
${look.wallets
  .map(
    ({ kind, theme }) =>
      `<button type="submit" name="wallet" value="${kind}" class="wallet-${kind} theme-${theme}">Pay with ${WALLET_NAMES[kind]}</button>`,
  )
  .join('\n')}
</form><p class="or">or pay with card</p>`;
  return frame(
    look,
    parentOrigin,
    events,
    `${rerender ? '<p class="alert" role="alert">Please correct the highlighted fields.</p>' : ''}${wallets}
<form method="post" action="${escapeHtml(action)}" data-kind="card" novalidate><div class="fields">
${cardFields(order, errors, values, { number: '1234 1234 1234 1234', expiry: 'MM/YY' })}
</div><button type="submit">${escapeHtml(button)}</button></form>
<p class="muted">Sandbox: no real card is charged.</p>`,
  );
}

/** The 3-D Secure step inside the frame (the SDK's `formRedirect` then `verify`). */
export function challengeFrame(
  order: SandboxOrderRow,
  look: FrameLook,
  parentOrigin: string,
  action: string,
  error?: string,
): string {
  const events: FrameEvent[] = error
    ? []
    : [
        { type: 'formRedirect', data: { type: 'formRedirect' } },
        { type: 'verify', data: { type: 'verify' } },
      ];
  return frame(
    look,
    parentOrigin,
    events,
    `<h1 class="title">Confirm your payment</h1>
<p>Your bank asks you to confirm ${money(order)} with card •••• ${escapeHtml(order.card_last4 ?? '')}.</p>
<p class="muted">Test codes: 1234 passes, 3333 fails on the bank side, anything else fails verification.</p>
${error ? `<p class="alert" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="${escapeHtml(action)}" data-kind="otp" novalidate>
<div><label for="otp">One-time code</label>
<input id="otp" name="otp" inputmode="numeric" autocomplete="one-time-code" maxlength="8" required></div>
<button type="submit">Confirm</button></form>`,
  );
}

/** The frame after the bank answered: `orderStatus`, then `success` or `fail` (nothing final yet: only the status). */
export function resultFrame(order: SandboxOrderRow, look: FrameLook, parentOrigin: string): string {
  const events: FrameEvent[] = [
    {
      type: 'orderStatus',
      data: {
        type: 'orderStatus',
        entity: 'form',
        response: {
          order: orderOf(order),
          ...(order.decline_code ? { error: { code: order.decline_code } } : {}),
        },
      },
    },
  ];
  if (order.status === 'approved')
    events.push({ type: 'success', data: { type: 'success', entity: 'form', order: orderOf(order) } });
  if (order.status === 'declined')
    events.push({
      type: 'fail',
      data: {
        type: 'fail',
        entity: 'form',
        code: order.decline_code ?? '0.01',
        message: 'The payment was declined.',
        order: orderOf(order),
      },
    });
  const text =
    order.status === 'approved'
      ? 'Payment approved.'
      : order.status === 'declined'
        ? 'Payment declined.'
        : 'Your bank is confirming the payment.';
  return frame(look, parentOrigin, events, `<p class="status" role="status">${text}</p>`);
}

/** The frame for merchant data that does not open, or an order that is gone: the SDK's `error` event. */
export function errorFrame(look: FrameLook, parentOrigin: string, message: string): string {
  return frame(
    look,
    parentOrigin,
    [{ type: 'error', data: { type: 'error', value: { name: 'MerchantDataError', message } } }],
    `<p class="alert" role="alert">${escapeHtml(message)}</p>`,
  );
}
