import { Button, Modal } from '@companion/ui';
import { useMountProps } from '@companion/remote-kit';

/** The paywall opened from anywhere; plans and checkout arrive with the payments issue. */
export function PaywallModal() {
  const { paywall } = useMountProps();
  const close = () => paywall?.close();
  const isTokens = paywall?.request.paywallType === 'tokens';
  return (
    <Modal open onClose={close} title={isTokens ? 'Buy Tokens' : 'Get Premium'} size="default">
      <p data-testid="paywall-source">{paywall?.request.source}</p>
      <Button variant="primary" onClick={close}>
        Continue
      </Button>
    </Modal>
  );
}
