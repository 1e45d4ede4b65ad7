import { Button, Modal } from '@companion/ui';

/** What a paywall request shows when checkout cannot be loaded: a readable dialog, the page behind keeps working. */
export function PaywallUnavailable({ onClose }: { onClose: () => void }) {
  return (
    <Modal open size="md" title="Payments are unavailable" onClose={onClose}>
      <p data-testid="paywall-unavailable">
        We can’t open the checkout right now. Please try again in a few minutes — everything else keeps
        working.
      </p>
      <Button fullWidth onClick={onClose}>
        Close
      </Button>
    </Modal>
  );
}
