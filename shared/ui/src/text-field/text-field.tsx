import { useId, type InputHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { cx } from '../cx.ts';
import * as styles from './text-field.css.ts';

interface FieldBase {
  label: string;
  /** Shown under the field as an alert; marks the input invalid and describes it. */
  error?: string | null;
  /** Marks the input invalid without a message of its own (the form shows one elsewhere). */
  invalid?: boolean;
  className?: string;
}

/** Props of {@link TextField}: a labelled `<input>`, or a `<textarea>` with `multiline`. */
export type TextFieldProps = FieldBase &
  (
    | ({ multiline?: false } & Omit<InputHTMLAttributes<HTMLInputElement>, 'className'>)
    | ({ multiline: true } & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'className'>)
  );

/** A labelled text field with its error line (forms: sign-in, contact, checkout, character creation). */
export function TextField(props: TextFieldProps) {
  const { label, error, invalid, className, multiline, ...rest } = props;
  const generated = useId();
  const id = rest.id ?? generated;
  const errorId = `${id}-error`;
  const aria = {
    id,
    'aria-invalid': error || invalid ? true : undefined,
    'aria-describedby': error ? errorId : undefined,
  } as const;
  return (
    <div className={cx(styles.field, className)}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      {multiline ? (
        <textarea
          {...(rest as TextareaHTMLAttributes<HTMLTextAreaElement>)}
          {...aria}
          className={cx(styles.input, styles.multiline)}
        />
      ) : (
        <input {...(rest as InputHTMLAttributes<HTMLInputElement>)} {...aria} className={styles.input} />
      )}
      {error && (
        <p id={errorId} className={styles.error} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
