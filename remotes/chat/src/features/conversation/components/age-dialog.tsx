import { useState } from 'react';
import { BirthDateFields, ConfirmDialog, type BirthDate } from '@companion/ui';

interface AgeDialogProps {
  busy: boolean;
  error: string | null;
  onConfirm(month: number, year: number): void;
  onClose(): void;
}

/** Birth month and year for `User/verify-user-age` (000 §3: the verify-age payload). */
export default function AgeDialog({ busy, error, onConfirm, onClose }: AgeDialogProps) {
  const [birth, setBirth] = useState<BirthDate>({ month: 1, year: new Date().getFullYear() - 25 });
  return (
    <ConfirmDialog
      open
      title="Confirm your age"
      confirmLabel="Confirm"
      busy={busy}
      error={error}
      testId="age-dialog"
      onConfirm={() => onConfirm(birth.month, birth.year)}
      onClose={onClose}
    >
      <p>Romance mode is for adults. Enter your birth month and year.</p>
      <BirthDateFields value={birth} onChange={setBirth} />
    </ConfirmDialog>
  );
}
