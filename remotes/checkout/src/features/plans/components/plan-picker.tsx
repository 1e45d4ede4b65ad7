import { useState } from 'react';
import type { ActiveSubscription, PaymentSystem, SubscriptionProduct } from '@companion/contracts';
import { Skeleton } from '@companion/ui';
import { actionLabel, defaultSelection, isActionDisabled, visiblePlans } from '../lib/plan-rules.ts';
import { pricingHeadline } from '../lib/headlines.ts';
import { legalText } from '../lib/legal-text.ts';
import { CheckoutAction } from '../../../components/checkout-action.tsx';
import { PlanCard } from './plan-card.tsx';
import * as styles from '../../../components/picker.css.ts';

/** Headline, plan cards, the action button, payment methods and the legal text (001 §2, §5). */
export function PlanPicker({
  products,
  active,
  paymentSystem,
  busy,
  failed,
  onContinue,
  initialId,
}: {
  products: SubscriptionProduct[] | null;
  active: ActiveSubscription | null;
  paymentSystem: PaymentSystem | null;
  busy: boolean;
  failed: boolean;
  onContinue: (product: SubscriptionProduct) => void;
  /** Preselects this product (a paywall opened for one product). */
  initialId?: string | undefined;
}) {
  const shown = products ? visiblePlans(products, active) : [];
  const [picked, setPicked] = useState<string | null>(initialId ?? null);
  const selected =
    shown.find((product) => product.id === picked) ?? (products ? defaultSelection(shown, active) : null);
  const headline = pricingHeadline(shown, active !== null);
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
                onSelect={(p) => setPicked(p.id)}
              />
            ))}
      </div>
      <CheckoutAction
        label={actionLabel(selected, active)}
        disabled={isActionDisabled(selected, products === null)}
        busy={busy}
        failed={failed}
        legal={selected ? legalText(selected) : null}
        onClick={() => selected && onContinue(selected)}
      />
    </div>
  );
}
