import { useEffect, useId, useRef, useState } from 'react';
import { Modal, Spinner } from '@companion/ui';
import { useRemoteNavigate, useTheme } from '@companion/remote-kit';
import type { EmbeddedCheckout } from '../hooks/use-start-checkout.ts';
import {
  cardBrandOf,
  loadPaymentFormSdk,
  nextFormPhase,
  PAYMENT_FORM_EVENTS,
  submittedMethodOf,
  walletThemeFor,
  type FormPhase,
  type PaymentFormInstance,
  type PaymentMethodKind,
} from '../lib/payment-form.ts';
import * as styles from './embedded-form.css.ts';

/** The form's colours per app theme (the frame cannot read the page's CSS variables). */
const FORM_STYLES = {
  dark: { 'color-scheme': 'dark' },
  light: {
    '--sg-text': '#1d1a24',
    '--sg-muted': '#5d5670',
    '--sg-field': '#ffffff',
    '--sg-border': '#d6d0e2',
    '--sg-accent': '#9b3fe0',
    '--sg-accent-text': '#ffffff',
    '--sg-error': '#c0263d',
    'color-scheme': 'light',
  },
} as const;

/**
 * The theme's colours plus the modal's own background under the form: a frame whose color-scheme differs from the
 * page's is painted opaque by the browser, so it gets the surface it sits on.
 */
function formStyles(container: HTMLElement | null, theme: keyof typeof FORM_STYLES): Record<string, string> {
  let node: HTMLElement | null = container;
  while (node) {
    const background = getComputedStyle(node).backgroundColor;
    if (background && background !== 'transparent' && !/,\s*0\)$/.test(background))
      return { ...FORM_STYLES[theme], '--sg-bg': background };
    node = node.parentElement;
  }
  return { ...FORM_STYLES[theme] };
}

/** Where the hosted page would have sent the buyer back: the page that follows the order to its result. */
function returnLocationOf(checkout: EmbeddedCheckout): string {
  const back = new URLSearchParams({
    orderId: checkout.orderId,
    productId: checkout.productId,
    purchaseType: checkout.isTokens ? 'token' : 'subscription',
    paymentSystem: checkout.paymentSystem,
  });
  return `${checkout.redirectUrl}${checkout.redirectUrl.includes('?') ? '&' : '?'}${back.toString()}`;
}

/** What a submitted wallet is called while it pays. */
const WALLET_LABELS: Partial<Record<PaymentMethodKind, string>> = {
  googlebtn: 'Google Pay',
  applebtn: 'Apple Pay',
};

const STATUS: Record<FormPhase, string> = {
  loading: 'Loading the secure card form…',
  ready: '',
  submitting: 'Sending your card to the bank…',
  verifying: 'Your bank asks you to confirm the payment.',
  settled: 'Confirming your payment…',
  broken: 'Taking you to our secure payment page…',
};

/**
 * The card provider's embedded form in the payment modal (001 §4 "Payment form events", ADR 0410): the SDK script
 * loads now, not with the page; every SDK event is handled (`nextFormPhase`). A `success`, `fail` or settling
 * `orderStatus` hands the order to the page that follows it (`returnLocationOf`, the same as the hosted page's
 * return), so the one result pipeline (`usePaymentOutcome`) decides what the buyer sees. A script that cannot load
 * or a form `error` sends the buyer to the hosted page of the same order.
 */
export function EmbeddedForm({
  checkout,
  onFallback,
  onClose,
  onSettled,
}: {
  checkout: EmbeddedCheckout;
  onFallback: () => void;
  onClose: () => void;
  /** The bank answered (or is settling): whatever opened the checkout may step aside for the result screens. */
  onSettled?: (() => void) | undefined;
}) {
  const navigate = useRemoteNavigate();
  const theme = useTheme();
  const containerId = `payment-form-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const [phase, setPhase] = useState<FormPhase>('loading');
  const [brand, setBrand] = useState<string | null>(null);
  const [method, setMethod] = useState<PaymentMethodKind | null>(null);
  const phaseRef = useRef<FormPhase>('loading');
  const handlers = useRef({ onFallback, onClose, onSettled, navigate });
  handlers.current = { onFallback, onClose, onSettled, navigate };

  useEffect(() => {
    let form: PaymentFormInstance | null = null;
    let live = true;
    // A theme switch opens the form again in the new colours; the frame shows where the order stands.
    phaseRef.current = 'loading';
    setPhase('loading');
    const move = (next: FormPhase) => {
      const before = phaseRef.current;
      phaseRef.current = next;
      setPhase(next);
      if (before === next) return;
      if (next === 'settled') {
        handlers.current.onSettled?.();
        handlers.current.onClose();
        handlers.current.navigate(returnLocationOf(checkout));
      }
      if (next === 'broken') handlers.current.onFallback();
    };
    loadPaymentFormSdk(checkout.form.scriptUrl).then(
      (sdk) => {
        if (!live) return;
        try {
          form = sdk.init({
            merchantData: checkout.form.merchantData,
            formParams: {
              formTypeClass: 'default',
              buttonType: 'default',
              googlePayButtonParams: { color: walletThemeFor(theme) },
              applePayButtonParams: { color: walletThemeFor(theme) },
            },
            styles: formStyles(document.getElementById(containerId), theme),
            iframeParams: { containerId, title: 'Card payment form' },
          });
        } catch (error) {
          console.error('[checkout] the payment form did not start', error);
          move('broken');
          return;
        }
        for (const type of PAYMENT_FORM_EVENTS)
          form.on(type, (event) => {
            if (!live) return;
            if (type === 'error') console.error('[checkout] payment form error', event.data);
            const cardBrand = cardBrandOf(event);
            if (cardBrand) setBrand(cardBrand);
            const method = submittedMethodOf(event);
            if (method) setMethod(method);
            move(nextFormPhase(phaseRef.current, event));
          });
      },
      (error: unknown) => {
        console.error('[checkout] payment form script failed to load', error);
        if (live) move('broken');
      },
    );
    return () => {
      live = false;
      form?.unsubscribeAll();
      form?.destroy?.();
    };
    // One form per order and theme; `checkout` is that order's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [checkout.orderId, containerId, theme]);

  const busy = phase === 'submitting' || phase === 'settled' || phase === 'broken';
  return (
    <Modal
      open
      size="md"
      title="Pay with card"
      onClose={() => {
        if (!busy) onClose();
      }}
      dismissable={!busy}
      hideClose={busy}
    >
      <div className={styles.body} data-testid="embedded-payment-form" data-phase={phase}>
        <div className={styles.summary}>
          <p className={styles.product}>{checkout.name || 'Your purchase'}</p>
          <p className={styles.price}>${(checkout.price / 100).toFixed(2)}</p>
        </div>
        <div id={containerId} className={styles.frame} hidden={phase === 'broken'} />
        <p className={styles.status} role="status" aria-live="polite">
          {phase === 'loading' || busy ? <Spinner size="sm" label={null} /> : null}{' '}
          {phase === 'submitting' && method && WALLET_LABELS[method]
            ? `Paying with ${WALLET_LABELS[method]}…`
            : STATUS[phase]}
          {phase === 'ready' && brand ? `Card: ${brand.toLowerCase()}` : ''}
        </p>
        <p className={styles.secure}>Card details go straight to our payment provider; we never see them.</p>
      </div>
    </Modal>
  );
}
