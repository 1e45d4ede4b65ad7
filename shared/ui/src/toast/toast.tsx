import { useEffect } from 'react';
import { cx } from '../cx.ts';
import { Glyph } from '../icon/glyph.tsx';
import { CLOSE_GLYPH } from '../icon/glyphs.tsx';
import * as styles from './toast.css.ts';

/** Props of {@link Toast}. */
export interface ToastProps {
  message: string | null;
  tone?: 'info' | 'success' | 'error';
  /** Closes itself after this many ms (default 5000); 0 keeps it until closed. */
  durationMs?: number;
  onClose(): void;
}

/** A short status message at the foot of the screen; errors are announced assertively. */
export function Toast({ message, tone = 'info', durationMs = 5000, onClose }: ToastProps) {
  useEffect(() => {
    if (!message || durationMs <= 0) return undefined;
    const timer = setTimeout(onClose, durationMs);
    return () => clearTimeout(timer);
  }, [message, durationMs, onClose]);
  if (!message) return null;
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className={cx(styles.toast, styles.tone[tone])}>
      <span>{message}</span>
      <button type="button" className={styles.close} aria-label="Close" onClick={onClose}>
        <Glyph glyph={CLOSE_GLYPH} size={16} />
      </button>
    </div>
  );
}
