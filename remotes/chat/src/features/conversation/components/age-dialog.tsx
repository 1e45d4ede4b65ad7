import { useState } from 'react';
import { ConfirmDialog } from '@companion/ui';
import * as styles from './conversation.css.ts';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

interface AgeDialogProps {
  busy: boolean;
  error: string | null;
  onConfirm(month: number, year: number): void;
  onClose(): void;
}

/** Birth month and year for `User/verify-user-age` (000 §3: the verify-age payload). */
export default function AgeDialog({ busy, error, onConfirm, onClose }: AgeDialogProps) {
  const thisYear = new Date().getFullYear();
  const [month, setMonth] = useState(1);
  const [year, setYear] = useState(thisYear - 25);
  return (
    <ConfirmDialog
      open
      title="Confirm your age"
      confirmLabel="Confirm"
      busy={busy}
      error={error}
      testId="age-dialog"
      onConfirm={() => onConfirm(month, year)}
      onClose={onClose}
    >
      <p>Romance mode is for adults. Enter your birth month and year.</p>
      <div className={styles.ageFields}>
        <label>
          Month{' '}
          <select value={month} onChange={(event) => setMonth(Number(event.target.value))}>
            {MONTHS.map((name, index) => (
              <option key={name} value={index + 1}>
                {name}
              </option>
            ))}
          </select>
        </label>
        <label>
          Year{' '}
          <select value={year} onChange={(event) => setYear(Number(event.target.value))}>
            {Array.from({ length: 100 }, (_, n) => thisYear - n).map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </select>
        </label>
      </div>
    </ConfirmDialog>
  );
}
