import { useState } from 'react';
import { formatPrice, Icon, Skeleton } from '@companion/ui';
import type { TokenPack } from '../../../api/payments-api.ts';
import { CheckoutAction } from '../../../components/checkout-action.tsx';
import { useAddToCart } from '../../../hooks/use-add-to-cart.ts';
import * as styles from '../../../components/picker.css.ts';
import { defaultTokenPack } from '../lib/token-rules.ts';

/** Token packs as radios, the buy button and the payment methods. */
export function TokenPicker({
  packs,
  busy,
  failed,
  onContinue,
  initialId,
  provider,
}: {
  packs: TokenPack[] | null;
  busy: boolean;
  failed: boolean;
  onContinue: (pack: TokenPack) => void;
  /** Preselects this product (a paywall opened for one product). */
  initialId?: string | undefined;
  /** The provider the server will use; null while unknown (no confirmation yet, 001 §2). */
  provider?: string | null;
}) {
  const [picked, setPicked] = useState<string | null>(initialId ?? null);
  const addToCart = useAddToCart('picker');
  const selected = packs?.find((pack) => pack.id === picked) ?? (packs ? defaultTokenPack(packs) : null);
  return (
    <div>
      <div role="radiogroup" aria-label="Token packs" className={styles.tokenGrid}>
        {packs === null
          ? [0, 1, 2, 3].map((n) => <Skeleton key={n} height={140} />)
          : packs.map((pack) => (
              <button
                key={pack.id}
                type="button"
                role="radio"
                aria-checked={pack.id === selected?.id}
                data-testid={`pack-${pack.id}`}
                className={styles.tokenCard}
                onClick={() => {
                  setPicked(pack.id);
                  addToCart({
                    id: pack.id,
                    name: pack.title,
                    price: pack.currentPrice,
                    isSubscription: false,
                  });
                }}
              >
                {pack.previousPrice > pack.currentPrice && (
                  <span className={styles.label}>
                    {Math.round((1 - pack.currentPrice / pack.previousPrice) * 100)}% OFF
                  </span>
                )}
                <span className={styles.tokenAmount}>
                  <Icon name="tokens" size={22} />
                  {pack.tokenAmount}
                </span>
                {pack.tokenBonus > 0 && <span className={styles.tokenBonus}>+{pack.tokenBonus} FREE</span>}
                <span className={styles.prices}>
                  {pack.previousPrice > pack.currentPrice && (
                    <span className={styles.previous}>{formatPrice(pack.previousPrice)}</span>
                  )}
                  <span className={styles.current}>{formatPrice(pack.currentPrice)}</span>
                </span>
              </button>
            ))}
      </div>
      <CheckoutAction
        label="Continue"
        disabled={selected === null || packs === null}
        busy={busy}
        failed={failed}
        legal="Tokens are a one-time purchase. By continuing you confirm that you are 18 or older."
        onClick={() => selected && onContinue(selected)}
        provider={provider}
      />
    </div>
  );
}
