import { Button, Modal, Spinner } from '@companion/ui';
import { declineInfo } from '../lib/decline-codes.ts';
import { providerName } from '../lib/checkout-screen.ts';
import { closeAction, type PaymentStep } from '../lib/payment-flow.ts';
import { FailScreen } from './fail-screen.tsx';
import * as styles from './result.css.ts';
import { SuccessScreen } from './success-screen.tsx';

const TITLES = {
  paymentProcessing: 'Processing your payment',
  stillProcessing: 'Your payment is still processing',
  success: 'Payment Completed',
} as const;

/**
 * The payment modal (001 §2, §4): paymentProcessing (no close control, Escape and backdrop ignored) → success |
 * fail; after 20 s without an answer, 'still processing' — not a failure.
 */
export function PaymentModal({
  redirectFrom = null,
  step,
  retrying,
  onProceed,
  onRetry,
  onCheckAgain,
  onClose,
}: {
  /** Coming back from a redirect-style provider (PayPal): processing shows the redirect screen's loader. */
  redirectFrom?: string | null;
  step: PaymentStep;
  retrying: boolean;
  /** Success: after-purchase navigation. */
  onProceed: () => void;
  onRetry: () => void;
  onCheckAgain: () => void;
  /** Closes the whole flow. */
  onClose: () => void;
}) {
  const action = closeAction(step.step);
  const close = () => {
    if (action === 'ignore') return;
    if (action === 'close-step') onProceed();
    else onClose();
  };
  const processing = step.step === 'paymentProcessing';
  const title =
    step.step === 'fail'
      ? declineInfo(step.errorCode).title
      : processing && redirectFrom
        ? `Finishing your ${providerName(redirectFrom)} payment`
        : TITLES[step.step];
  return (
    <Modal open size="md" title={title} onClose={close} dismissable={!processing} hideClose={processing}>
      {processing && (
        <div
          className={styles.waiting}
          data-testid="payment-processing"
          data-screen={redirectFrom ? 'redirect' : 'card'}
          role="status"
        >
          <div className={styles.spinnerWrap}>
            <Spinner size="lg" label={null} />
          </div>
          <p className={styles.message}>
            {redirectFrom
              ? `You are back from ${providerName(redirectFrom)}. We are confirming the payment with them. Do not close this page.`
              : 'Please wait while we confirm your payment with the bank. Do not close this page.'}
          </p>
        </div>
      )}
      {step.step === 'stillProcessing' && (
        <div className={styles.screen} data-testid="payment-still-processing">
          <p className={styles.message}>
            Your bank has not confirmed the payment yet. It usually takes a moment: your purchase appears as
            soon as it completes, and you will not be charged twice.
          </p>
          <div className={styles.actions}>
            <Button size="lg" fullWidth onClick={onCheckAgain}>
              Check again
            </Button>
            <Button variant="ghost" fullWidth onClick={onClose}>
              Close
            </Button>
          </div>
        </div>
      )}
      {step.step === 'success' && <SuccessScreen result={step.result} onProceed={onProceed} />}
      {step.step === 'fail' && (
        <FailScreen errorCode={step.errorCode} amount={step.amount} retrying={retrying} onRetry={onRetry} />
      )}
    </Modal>
  );
}
