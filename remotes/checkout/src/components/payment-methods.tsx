import * as styles from './picker.css.ts';

const BRANDS = ['VISA', 'Mastercard', 'AMEX', 'Discover', 'Apple Pay', 'G Pay'] as const;

/** The payment-methods strip: the card brands the checkout takes (001 §2). */
export function PaymentMethods() {
  return (
    <ul className={styles.methods} aria-label="Accepted payment methods">
      {BRANDS.map((brand) => (
        <li key={brand} className={styles.method}>
          {brand}
        </li>
      ))}
    </ul>
  );
}
