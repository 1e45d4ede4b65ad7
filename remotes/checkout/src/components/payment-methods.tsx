import amex from 'simple-icons/icons/americanexpress.svg?url';
import applePay from 'simple-icons/icons/applepay.svg?url';
import discover from 'simple-icons/icons/discover.svg?url';
import googlePay from 'simple-icons/icons/googlepay.svg?url';
import mastercard from 'simple-icons/icons/mastercard.svg?url';
import visa from 'simple-icons/icons/visa.svg?url';
import * as styles from './picker.css.ts';

/**
 * The card brands and wallets the checkout takes, with their marks (simple-icons' SVG files, shipped with this
 * remote as images: no third-party network, and none of their bytes in the page's scripts).
 */
const BRANDS: readonly { name: string; logo: string }[] = [
  { name: 'Visa', logo: visa },
  { name: 'Mastercard', logo: mastercard },
  { name: 'American Express', logo: amex },
  { name: 'Discover', logo: discover },
  { name: 'Apple Pay', logo: applePay },
  { name: 'Google Pay', logo: googlePay },
];

/** The payment-methods strip: the card brand logos of the brands the checkout takes (001 §2). */
export function PaymentMethods() {
  return (
    <ul className={styles.methods} aria-label="Accepted payment methods">
      {BRANDS.map(({ name, logo }) => (
        <li key={name} className={styles.method}>
          <img src={logo} alt={name} className={styles.methodLogo} width={18} height={18} />
        </li>
      ))}
    </ul>
  );
}
