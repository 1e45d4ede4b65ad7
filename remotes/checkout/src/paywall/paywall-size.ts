import type { ModalSize } from '@companion/ui';

/** Modal widths (001 §2): 776 for the quiz variants, 600 by default. */
export function paywallSize(source: string): ModalSize {
  return /quiz/i.test(source) ? 'lg' : 'md';
}
