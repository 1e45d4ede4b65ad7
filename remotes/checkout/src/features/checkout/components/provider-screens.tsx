import { lazy, Suspense } from 'react';
import { Modal, Spinner } from '@companion/ui';
import type { StartCheckout } from '../hooks/use-start-checkout.ts';
import { checkoutScreen, providerName } from '../lib/checkout-screen.ts';
import { PaymentModal } from './payment-modal.tsx';
import * as styles from './result.css.ts';

// The embedded form's code loads with the first checkout that opens it, never with the page (the /pricing budget).
const EmbeddedForm = lazy(() => import('./embedded-form.tsx').then((m) => ({ default: m.EmbeddedForm })));

/**
 * The redirect checkout screen with a loader (001 §2): shown while the browser leaves for a redirect-style provider
 * (PayPal). It cannot be closed: the navigation is already under way.
 */
export function RedirectScreen({ provider }: { provider: string }) {
  const name = providerName(provider);
  return (
    <Modal
      open
      size="md"
      title={`Redirecting to ${name}`}
      onClose={() => undefined}
      dismissable={false}
      hideClose
    >
      <div className={styles.waiting} data-testid="checkout-redirect" data-provider={provider} role="status">
        <div className={styles.spinnerWrap}>
          <Spinner size="lg" label={null} />
        </div>
        <p className={styles.message}>
          You will confirm the payment on {name} and come straight back here. Please do not close this page.
        </p>
      </div>
    </Modal>
  );
}

/**
 * The redirect screen from the 'Continue' click of a buyer whose provider is redirect-style until the browser has
 * left (the server's answer names the provider for sure); the card provider's embedded form when the server offered
 * it (ADR 0410); nothing else for card providers. A start that gave no link is a failure (001 §4, §8): the fail
 * screen, whose retry starts the same checkout again.
 */
export function LeavingScreen({
  checkout,
  provider,
  activeSystem = null,
  onSettled,
}: {
  checkout: StartCheckout;
  provider: string | null;
  /** The embedded form's order settled (see `EmbeddedForm`). */
  onSettled?: (() => void) | undefined;
  /** The live subscription's provider: a PayPal-paid subscriber gets the redirect screen (001 §2). */
  activeSystem?: string | null;
}) {
  if (checkout.failed)
    return (
      <PaymentModal
        step={{ step: 'fail', orderId: null, errorCode: null, amount: checkout.failedPrice }}
        retrying={checkout.loading}
        onProceed={checkout.reset}
        onRetry={checkout.retry}
        onCheckAgain={checkout.retry}
        onClose={checkout.reset}
      />
    );
  if (checkout.embedded)
    return (
      <Suspense fallback={null}>
        <EmbeddedForm
          checkout={checkout.embedded}
          onFallback={checkout.leaveForHostedPage}
          onClose={checkout.closeEmbedded}
          onSettled={onSettled}
        />
      </Suspense>
    );
  const system = checkout.leavingFor ?? (checkout.loading ? provider : null);
  if (!system || checkoutScreen({ paymentSystem: system, activeSystem }) !== 'redirect') return null;
  return <RedirectScreen provider={system} />;
}
