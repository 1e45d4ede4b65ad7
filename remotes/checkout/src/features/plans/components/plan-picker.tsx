import { useState } from 'react';
import type { ActiveSubscription, PaymentSystem, SubscriptionProduct } from '@companion/contracts';
import { useBus } from '@companion/remote-kit';
import { Button, Skeleton } from '@companion/ui';
import {
  actionLabel,
  defaultSelection,
  holdsLongestPlan,
  isActionDisabled,
  visiblePlans,
} from '../lib/plan-rules.ts';
import { pricingHeadline, type Headline } from '../lib/headlines.ts';
import { legalText } from '../lib/legal-text.ts';
import { CheckoutAction } from '../../../components/checkout-action.tsx';
import { useAddToCart } from '../../../hooks/use-add-to-cart.ts';
import { PlanCard } from './plan-card.tsx';
import * as styles from '../../../components/picker.css.ts';

/** What a subscriber holding the longest plan reads where the action would be. */
const HELD_NOTE = 'You hold our longest plan. Top up tokens for photos, messages and unlocks.';

/** Headline, plan cards, the action button, payment methods and the legal text (001 §2, §5). */
export function PlanPicker({
  products,
  active,
  paymentSystem,
  busy,
  failed,
  onContinue,
  initialId,
  provider,
  headline: forced,
}: {
  products: SubscriptionProduct[] | null;
  active: ActiveSubscription | null;
  paymentSystem: PaymentSystem | null;
  busy: boolean;
  failed: boolean;
  onContinue: (product: SubscriptionProduct) => void;
  /** Preselects this product (a paywall opened for one product). */
  initialId?: string | undefined;
  /** The provider the server will use; null while unknown (no confirmation yet, 001 §2). */
  provider?: string | null;
  /** Replaces the offer headline (the quiz variants' 'Your Special Discount Is Applied!', 001 §2). */
  headline?: Headline | undefined;
}) {
  const shown = products ? visiblePlans(products, active) : [];
  const [picked, setPicked] = useState<string | null>(initialId ?? null);
  const addToCart = useAddToCart('picker');
  const bus = useBus();
  const selected =
    shown.find((product) => product.id === picked) ?? (products ? defaultSelection(shown, active) : null);
  const headline = forced ?? pricingHeadline(shown, active);
  return (
    <div>
      <header className={styles.headline}>
        <h2 className={styles.headlineTitle}>{headline.title}</h2>
        {headline.subtitle && <p className={styles.headlineSub}>{headline.subtitle}</p>}
      </header>
      <div role="radiogroup" aria-label="Subscription plans" className={styles.list}>
        {products === null
          ? [0, 1, 2, 3].map((n) => <Skeleton key={n} height={76} />)
          : shown.map((product) => (
              <PlanCard
                key={product.id}
                product={product}
                active={active}
                selectedId={selected?.id ?? null}
                paymentSystem={paymentSystem}
                onSelect={(p) => {
                  setPicked(p.id);
                  addToCart({ id: p.id, name: p.title, price: p.currentPrice, isSubscription: true });
                }}
              />
            ))}
      </div>
      {products !== null && holdsLongestPlan(shown, active) ? (
        <div className={styles.action} data-testid="plans-all-held">
          <p className={styles.heldNote}>{HELD_NOTE}</p>
          <Button
            size="lg"
            fullWidth
            onClick={() =>
              bus.publish('paywall:open-requested', { paywallType: 'tokens', source: 'plans_all_held' })
            }
          >
            Buy Tokens
          </Button>
        </div>
      ) : (
        <CheckoutAction
          label={actionLabel(selected, active)}
          disabled={isActionDisabled(selected, products === null)}
          busy={busy}
          failed={failed}
          legal={selected ? legalText(selected) : null}
          onClick={() => selected && onContinue(selected)}
          provider={provider}
        />
      )}
    </div>
  );
}
