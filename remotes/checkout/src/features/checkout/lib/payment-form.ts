// The card provider's embedded payment form, as the checkout sees it (001 §4 "Payment form events"; ADR 0410): the
// SDK's vocabulary, loading its script (only when a checkout opens), and what each event means for the buyer.

/** The form SDK's events (001 §4), in the spec's order. */
export const PAYMENT_FORM_EVENTS = [
  'mounted',
  'success',
  'fail',
  'orderStatus',
  'error',
  'resize',
  'formRedirect',
  'verify',
  'interaction',
  'submit',
  'customStylesAppended',
  'card',
  'paymentDetails',
] as const;
export type PaymentFormEvent = (typeof PAYMENT_FORM_EVENTS)[number];

/** Payment method kinds an event's `entity` names (001 §4). */
export type PaymentMethodKind = 'applebtn' | 'googlebtn' | 'form' | 'resign' | 'paypal';
/** Card fields (001 §4). */
export type CardField = 'cardNumber' | 'cardCvv' | 'cardHolder' | 'cardExpiryDate';
/** Field interaction events (001 §4). */
export type FieldInteraction = 'click' | 'focus' | 'blur' | 'change';
/** Form layouts (001 §4), the SDK's `formParams.formTypeClass`. */
export type FormLayout = 'default' | 'card' | 'inline' | 'flat';
/** Button styles (001 §4), the SDK's `formParams.buttonType`. */
export type ButtonStyle = 'default' | 'continue';
/** Wallet button themes (001 §4), the SDK's `formParams.googlePayButtonParams.color` (and Apple Pay's). */
export type WalletTheme = 'monochrome-light' | 'monochrome-dark' | 'colored';

/** The wallet buttons' theme on the app's theme: the contrasting monochrome button (Apple's and Google's rule). */
export function walletThemeFor(theme: 'dark' | 'light'): WalletTheme {
  return theme === 'dark' ? 'monochrome-light' : 'monochrome-dark';
}

/** The kind of payment method a `submit` event names (its `entity`), or null for any other event. */
export function submittedMethodOf(event: PaymentFormMessage): PaymentMethodKind | null {
  if (event.type !== 'submit') return null;
  const entity = event.data['entity'];
  return entity === 'applebtn' ||
    entity === 'googlebtn' ||
    entity === 'form' ||
    entity === 'resign' ||
    entity === 'paypal'
    ? entity
    : null;
}

/** What the server gives for the form: the SDK script and the sealed order (`merchantData`). */
export interface PaymentFormOffer {
  scriptUrl: string;
  merchantData: { merchant: string; signature: string; paymentIntent: string };
}

/** The SDK's `init` argument (Solidgate's shape). */
export interface PaymentFormInit {
  merchantData: PaymentFormOffer['merchantData'];
  formParams?: {
    formTypeClass?: FormLayout;
    buttonType?: ButtonStyle;
    submitButtonText?: string;
    googlePayButtonParams?: { enabled?: boolean; color?: WalletTheme };
    applePayButtonParams?: { enabled?: boolean; color?: WalletTheme };
  };
  styles?: Record<string, string>;
  iframeParams: { containerId: string; width?: string; title?: string };
}

/** One event as the SDK hands it to a handler: `e.data` is its body. */
export interface PaymentFormMessage {
  type: PaymentFormEvent;
  data: Record<string, unknown>;
}

/** The form object `init` returns. */
export interface PaymentFormInstance {
  on(type: PaymentFormEvent, handler: (event: PaymentFormMessage) => void): void;
  unsubscribeAll(): void;
  destroy?(): void;
}

/** The global the provider's script defines. */
export interface PaymentFormSdk {
  init(data: PaymentFormInit): PaymentFormInstance;
}

const loads = new Map<string, Promise<PaymentFormSdk>>();

/**
 * Loads the provider's form script once per URL. It rejects when the script fails to load or defines no SDK
 * (001 §8 "Payment SDK script load failure rejects the load"); a rejected load is forgotten so a later checkout
 * tries again.
 */
export function loadPaymentFormSdk(scriptUrl: string, doc: Document = document): Promise<PaymentFormSdk> {
  const known = loads.get(scriptUrl);
  if (known) return known;
  const load = new Promise<PaymentFormSdk>((resolve, reject) => {
    const script = doc.createElement('script');
    script.src = scriptUrl;
    script.async = true;
    script.addEventListener('load', () => {
      const sdk = (doc.defaultView as (Window & { PaymentFormSdk?: PaymentFormSdk }) | null)?.PaymentFormSdk;
      if (sdk && typeof sdk.init === 'function') resolve(sdk);
      else reject(new Error(`The payment form script ${scriptUrl} defined no PaymentFormSdk.`));
    });
    script.addEventListener('error', () => {
      script.remove();
      reject(new Error(`The payment form script ${scriptUrl} failed to load.`));
    });
    doc.head.append(script);
  });
  loads.set(scriptUrl, load);
  load.catch(() => loads.delete(scriptUrl));
  return load;
}

/** Where the embedded form stands, from the buyer's side. */
export type FormPhase =
  | 'loading' // script and frame on their way
  | 'ready' // the card fields are shown
  | 'submitting' // the card went to the bank
  | 'verifying' // the bank's 3-D Secure step, inside the form
  | 'settled' // the bank answered (or is settling): the order's result screens take over
  | 'broken'; // the form cannot be used: the hosted page takes over

/**
 * The next phase after one SDK event. `success`, `fail` and an `orderStatus` past the card step hand over to the
 * one result pipeline (the order is followed by its notification and status, never trusted from the browser);
 * `error` gives up on the form; the rest only describe the form (size, fields, card brand, price).
 */
export function nextFormPhase(phase: FormPhase, event: PaymentFormMessage): FormPhase {
  if (phase === 'settled' || phase === 'broken') return phase;
  switch (event.type) {
    case 'mounted':
      return phase === 'loading' ? 'ready' : phase;
    case 'submit':
      return 'submitting';
    case 'verify':
    case 'formRedirect':
      return 'verifying';
    case 'success':
    case 'fail':
      return 'settled';
    case 'orderStatus': {
      const status = (event.data['response'] as { order?: { status?: string } } | undefined)?.order?.status;
      return status && status !== 'created' && status !== '3ds_verify' ? 'settled' : phase;
    }
    case 'error':
      return 'broken';
    default:
      return phase;
  }
}

/** The card brand a `card` event names, for the form's header (null for any other event). */
export function cardBrandOf(event: PaymentFormMessage): string | null {
  if (event.type !== 'card') return null;
  const brand = (event.data['card'] as { brand?: unknown } | undefined)?.brand;
  return typeof brand === 'string' ? brand : null;
}
