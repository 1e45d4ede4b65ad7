import * as styles from './birth-date-fields.css.ts';

// English month names, as the rest of the product's copy.
const MONTHS = Array.from({ length: 12 }, (_, month) =>
  new Intl.DateTimeFormat('en', { month: 'long', timeZone: 'UTC' }).format(Date.UTC(2000, month, 1)),
);

/** A birth month (1–12) and year, as `User/verify-user-age` takes them (000 §3 verify-age payload). */
export interface BirthDate {
  month: number;
  year: number;
}

/** Props of {@link BirthDateFields}. */
export interface BirthDateFieldsProps {
  value: BirthDate;
  onChange(value: BirthDate): void;
  /** The current year, injected so the list is testable; the last 100 years are offered. */
  thisYear?: number;
}

/** The age gate's two questions: birth month and birth year, each a labelled select. */
export function BirthDateFields({
  value,
  onChange,
  thisYear = new Date().getFullYear(),
}: BirthDateFieldsProps) {
  return (
    <div className={styles.row}>
      <label className={styles.month}>
        <span className={styles.label}>Birth month</span>
        <select
          className={styles.input}
          value={value.month}
          onChange={(event) => onChange({ ...value, month: Number(event.target.value) })}
        >
          {MONTHS.map((name, index) => (
            <option key={name} value={index + 1}>
              {name}
            </option>
          ))}
        </select>
      </label>
      <label className={styles.year}>
        <span className={styles.label}>Birth year</span>
        <select
          className={styles.input}
          value={value.year}
          onChange={(event) => onChange({ ...value, year: Number(event.target.value) })}
        >
          {Array.from({ length: 100 }, (_, n) => thisYear - n).map((year) => (
            <option key={year} value={year}>
              {year}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
