import * as styles from './secret-switch.css.ts';

/** The secret-content switch (`isSecretContentRequested`), shown only to users whose content is NSFW. */
export function SecretSwitch({ on, onChange }: { on: boolean; onChange(on: boolean): void }) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={on}
      className={styles.root}
      data-testid="secret-switch"
      onClick={() => onChange(!on)}
    >
      <span className={styles.track} aria-hidden="true">
        <span className={styles.thumb} />
      </span>
      Secret photos
    </button>
  );
}
