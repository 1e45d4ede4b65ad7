import { useState } from 'react';
import type { SubscriptionProduct, Transport } from '@companion/contracts';
import { peekAnswer, useTransport } from '@companion/remote-kit';

/** A list of plans as the picker reads them (the rest of each plan is the API's, as for a fetched list). */
function isPlanList(body: unknown): body is SubscriptionProduct[] {
  const plan = (item: unknown) =>
    typeof item === 'object' &&
    item !== null &&
    typeof (item as SubscriptionProduct).id === 'string' &&
    typeof (item as SubscriptionProduct).currentPrice === 'number';
  return Array.isArray(body) && body.every(plan);
}

/** The plans the page holds (the origin's first-load answer for `/pricing`), once; undefined when none or malformed. */
function peekPlans(transport: Transport): SubscriptionProduct[] | undefined {
  return peekAnswer(transport, 'Payments/subscription-products', isPlanList);
}

/**
 * `/pricing`'s own plans (ADR 0455): the list the origin inlined and its server-rendered first screen showed. The
 * pricing page shows them while `usePlanList` has none yet (the user is not known, or their list is on its way), so
 * the first render, on the server and while hydrating, is the server's. Undefined when the page holds none (a visit
 * from another page): the plans load with the user as before. Only the pricing page asks; the paywall never takes
 * the page's answer.
 */
export function useInlinedPlans(): SubscriptionProduct[] | undefined {
  const transport = useTransport();
  const [inlined] = useState(() => peekPlans(transport));
  return inlined;
}
