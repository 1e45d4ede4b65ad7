import type { SubscriptionProduct } from '@companion/contracts';
import { useResource } from '@companion/remote-kit';
import {
  getHiddenSubscriptionProducts,
  getLifetimeProducts,
  getSubscriptionProducts,
} from '../../../api/payments-api.ts';
import type { Buyer } from '../../../hooks/use-buyer.ts';
import { plansWithLifetime } from '../lib/plan-rules.ts';

/**
 * The plans a picker offers this buyer: the recurring list (plus the admin-only one on the magic page), and for a
 * subscriber the lifetime offer when nothing recurring is longer (`plansWithLifetime`). Null while loading.
 */
export function usePlanList(
  buyer: Buyer,
  options: { enabled?: boolean; hidden?: boolean } = {},
): { plans: SubscriptionProduct[] | null; failed: boolean } {
  const enabled = buyer.ready && (options.enabled ?? true);
  const products = useResource(
    enabled ? `products|subscription|${buyer.userId}` : null,
    getSubscriptionProducts,
  );
  // Non-admins get 403 here: the hidden list is simply absent for them.
  const hidden = useResource(
    enabled && options.hidden ? `products|subscription-hidden|${buyer.userId}` : null,
    getHiddenSubscriptionProducts,
  );
  const lifetime = useResource(
    enabled && buyer.active ? `products|lifetime|${buyer.userId}` : null,
    getLifetimeProducts,
  );
  const lifetimeSettled = !buyer.active || lifetime.data !== undefined || lifetime.status === 'error';
  const plans =
    products.data && lifetimeSettled
      ? plansWithLifetime([...products.data, ...(hidden.data ?? [])], lifetime.data ?? [], buyer.active)
      : null;
  return { plans, failed: products.status === 'error' && !products.data };
}
