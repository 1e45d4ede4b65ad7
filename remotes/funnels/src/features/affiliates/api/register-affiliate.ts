import type { Transport } from '@companion/contracts';

/** A partner's sign-up on `/affiliates`. */
export interface AffiliateApplication {
  name: string;
  email: string;
  website?: string;
  source: string;
  /** The affiliate click the visitor arrived with (`aff_click_id`), if any. */
  clickId?: string;
}

/** `POST event/affiliate-registration` (000 §7). */
export function registerAffiliate(
  transport: Transport,
  application: AffiliateApplication,
): Promise<{ success: boolean }> {
  return transport.request('event/affiliate-registration', { method: 'POST', body: application });
}
