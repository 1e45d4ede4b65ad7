/** The answers a subscriber may give when cancelling (posted as the answers list, 001 §4, §7). */
export const CANCEL_REASONS = [
  'It is too expensive',
  'I do not use it enough',
  'The characters do not meet my expectations',
  'I found another app',
  'Technical problems',
  'Other',
] as const;

/** The subscription's state as the panel words it. */
export function subscriptionStatusText(status: string, endDate: string | null): string {
  const until = endDate ? new Date(endDate).toLocaleDateString('en-GB') : null;
  if (status === 'cancellation_requested')
    return until ? `Cancelled — Premium stays active until ${until}.` : 'Cancelled.';
  return until ? `Active — renews on ${until}.` : 'Active.';
}
