import { useState } from 'react';
import { useResource, useTrack, useVisitor } from '@companion/remote-kit';
import { Button, cx, formatPrice, Modal, Skeleton } from '@companion/ui';
import { PaymentMethods } from '../../components/payment-methods.tsx';
import { useBuyer } from '../../hooks/use-buyer.ts';
import { useStartCheckout } from '../../features/checkout/hooks/use-start-checkout.ts';
import { offerLists } from '../api.ts';
import { DECLINED_COPY, monthlyProducts } from '../declined.ts';
import * as styles from './offer.css.ts';

/**
 * The declined-payment popup (001 §2) for code 3.02: monthly plans only, the first preselected, 'Continue' to
 * the checkout, 'Try again with different card' back to the failed product.
 */
export function DeclinedPopup({
  source,
  returnTo,
  onTryAgain,
  onClose,
}: {
  source: string;
  returnTo: string;
  onTryAgain: () => void;
  onClose: () => void;
}) {
  const { user } = useVisitor();
  const buyer = useBuyer();
  const track = useTrack();
  const list = useResource(user ? `offers|monthly|${user.id}` : null, offerLists.monthly);
  const products = list.data ? monthlyProducts(list.data) : null;
  const [picked, setPicked] = useState<string | null>(null);
  const selected = products?.find((p) => p.id === picked) ?? products?.[0] ?? null;
  const checkout = useStartCheckout(buyer.active !== null, returnTo, source);
  return (
    <Modal open size="sm" title={DECLINED_COPY.headline} hideTitle onClose={onClose}>
      <div className={styles.body} data-testid="declined-popup">
        <div className={cx(styles.hero, styles.heroPlan)}>
          <span className={styles.badge}>{DECLINED_COPY.badge}</span>
          <h2 className={styles.title}>{DECLINED_COPY.headline}</h2>
          <p className={styles.subtitle}>{DECLINED_COPY.text}</p>
        </div>
        <div role="radiogroup" aria-label="Monthly plans" className={styles.plans}>
          {products === null ? (
            <Skeleton height={72} />
          ) : (
            products.map((product) => (
              <button
                key={product.id}
                type="button"
                role="radio"
                aria-checked={product.id === selected?.id}
                className={styles.plan}
                data-testid={`declined-plan-${product.id}`}
                onClick={() => setPicked(product.id)}
              >
                <span className={styles.dot} aria-hidden="true" />
                <span>
                  <span className={styles.productName}>{product.title}</span>
                  <span className={styles.productNote}>{formatPrice(product.currentPriceDaily)} per day</span>
                </span>
                <span className={styles.prices}>
                  {product.previousPrice > product.currentPrice && (
                    <span className={styles.previous}>{formatPrice(product.previousPrice)}</span>
                  )}
                  <span className={styles.current}>{formatPrice(product.currentPrice)}</span>
                </span>
              </button>
            ))
          )}
        </div>
        <div className={styles.perks}>
          <span>✓ {DECLINED_COPY.noCommitment}</span>
          <span>✓ {DECLINED_COPY.guarantee}</span>
        </div>
        <div className={styles.actions}>
          <Button
            size="lg"
            fullWidth
            loading={checkout.loading}
            disabled={!selected}
            data-testid="declined-continue"
            onClick={() => {
              if (!selected) return;
              track('declined_popup_clicked', {
                product_id: selected.id,
                price_usd: selected.currentPrice / 100,
              });
              void checkout.start(selected.id, false, selected.currentPrice);
            }}
          >
            {DECLINED_COPY.action}
          </Button>
          <Button variant="ghost" fullWidth onClick={onTryAgain} data-testid="declined-try-again">
            {DECLINED_COPY.tryAgain}
          </Button>
        </div>
        {checkout.failed && (
          <p role="alert" className={styles.error}>
            We could not start the payment. Please try again.
          </p>
        )}
        <p className={styles.disclaimer}>{DECLINED_COPY.disclaimer}</p>
        <PaymentMethods />
      </div>
    </Modal>
  );
}
