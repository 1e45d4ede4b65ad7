import type { ReactNode } from 'react';
import { Button } from '../button/button.tsx';
import { Modal } from '../modal/modal.tsx';
import type { ModalSize } from '../modal/modal-widths.ts';
import * as styles from './confirm-dialog.css.ts';

/** Props of {@link ConfirmDialog}. */
export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  /** What confirming does, in a sentence or two. */
  children?: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  /** `danger` for destructive actions (log out, delete). */
  tone?: 'primary' | 'danger';
  busy?: boolean;
  /** A failure to show above the buttons (the dialog stays open). */
  error?: string | null;
  size?: ModalSize;
  /** False while the action runs keeps Escape and the backdrop from closing it. */
  dismissable?: boolean;
  /** `data-testid` of the dialog's body. */
  testId?: string;
  onConfirm(): void;
  onClose(): void;
}

/** A question with Cancel and a confirm button (log out, unlock a character, spend tokens). */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const {
    open,
    title,
    children,
    confirmLabel,
    cancelLabel = 'Cancel',
    tone = 'primary',
    busy = false,
  } = props;
  return (
    <Modal
      open={open}
      onClose={props.onClose}
      title={title}
      size={props.size ?? 'md'}
      dismissable={props.dismissable ?? true}
    >
      <div className={styles.body} data-testid={props.testId}>
        {typeof children === 'string' ? (
          <p className={styles.message}>{children}</p>
        ) : children ? (
          <div className={styles.message}>{children}</div>
        ) : null}
        {props.error ? (
          <p className={styles.error} role="alert">
            {props.error}
          </p>
        ) : null}
        <div className={styles.actions}>
          <Button variant="secondary" onClick={props.onClose} disabled={busy}>
            {cancelLabel}
          </Button>
          <Button variant={tone === 'danger' ? 'danger' : 'primary'} loading={busy} onClick={props.onConfirm}>
            {confirmLabel}
          </Button>
        </div>
      </div>
    </Modal>
  );
}
