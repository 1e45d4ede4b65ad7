import { Icon } from '@companion/ui';
import * as styles from './menu.css.ts';
import { featureCostRows } from './nav-items.ts';
import { useMenu } from './use-menu.ts';
import { useVisitor } from './use-visitor.ts';
import { NavLink } from './nav-link.tsx';

const formatTokens = (value: number) => new Intl.NumberFormat('en-US').format(value);

/**
 * The token balance menu for logged-in subscribers (000 §2.5, §6): the balance and what each feature costs;
 * the message row is hidden under the free-messages experiment.
 */
export function TokenMenu() {
  const { user, balance } = useVisitor();
  const { open, close, toggle, root, panelId } = useMenu();
  if (!user) return null;
  const remaining = balance?.remainingTokens ?? 0;
  const rows = featureCostRows(user.userPricingInfo, user.userFeatures.featureExperimentFreeMessages);
  return (
    <div className={styles.menuRoot} ref={root}>
      <button
        type="button"
        className={styles.menuTrigger}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={`Token balance: ${formatTokens(remaining)}`}
        data-testid="token-menu-button"
        onClick={toggle}
      >
        <span className={styles.coin} aria-hidden="true">
          <Icon name="tokens" size={16} />
        </span>
        {formatTokens(remaining)}
      </button>
      {open && (
        <div
          className={styles.menuPanel}
          id={panelId}
          role="dialog"
          aria-label="Token balance"
          data-testid="token-menu"
        >
          <div className={styles.menuHeading}>Your balance</div>
          <div className={styles.balanceBig}>
            {formatTokens(remaining)} <span className={styles.balanceUnit}>tokens</span>
          </div>
          <div className={styles.menuHeading}>What it costs</div>
          <ul className={styles.plainList}>
            {rows.map((row) => (
              <li key={row.id} className={styles.costRow} data-testid={`cost-${row.id}`}>
                <Icon name={row.icon} size={18} />
                {row.label}
                <span className={styles.costValue}>
                  {formatTokens(row.price)}
                  <Icon name="tokens" size={14} />
                </span>
              </li>
            ))}
          </ul>
          <div className={styles.menuFooter}>
            <NavLink href="/tokens" className={styles.menuItem} onNavigate={close}>
              <Icon name="create" size={18} />
              Buy tokens
            </NavLink>
          </div>
        </div>
      )}
    </div>
  );
}
