import type { BusEventMap } from '@companion/contracts';
import type { ModalSize } from '@companion/ui';

type PaywallRequest = Pick<BusEventMap['paywall:open-requested'], 'source' | 'presentation'>;

/** Modal widths (001 §2): 776 for the quiz variants (asked for by `presentation`, or a quiz source), 600 by default. */
export function paywallSize(request: PaywallRequest): ModalSize {
  return request.presentation === 'quiz-discount' || /quiz/i.test(request.source) ? 'lg' : 'md';
}
