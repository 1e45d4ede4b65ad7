import { useEffect, useEffectEvent, useId, useRef } from 'react';
import type { MouseEvent as ReactMouseEvent, ReactNode, RefObject } from 'react';
import { createPortal } from 'react-dom';
import { IconButton } from '../button/button.tsx';
import { cx } from '../cx.ts';
import { Glyph } from '../icon/glyph.tsx';
import { CLOSE_GLYPH } from '../icon/glyphs.tsx';
import { VisuallyHidden } from '../visually-hidden/visually-hidden.tsx';
import { isTopmostModal, tabbableIn } from './focusable.ts';
import * as styles from './modal.css.ts';
import type { ModalSize } from './modal-widths.ts';
import { lockBodyScroll } from './scroll-lock.ts';

/** Props of {@link Modal}. */
export interface ModalProps {
  open: boolean;
  /** Called on Escape, backdrop click (both only when dismissable) and the close button. */
  onClose: () => void;
  /** Names the dialog (`aria-labelledby`); keep it even when `hideTitle` hides it visually. */
  title: ReactNode;
  hideTitle?: boolean;
  /** Width preset: bonus 440, default 600, quiz 776. */
  size?: ModalSize;
  /** `false` ignores Escape and backdrop clicks (the spec's forced choices and payment steps). */
  dismissable?: boolean;
  /** Hides the close button (e.g. while a payment is processing). */
  hideClose?: boolean;
  /** Receives focus on open; otherwise the first focusable element in the content. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  closeLabel?: string;
  className?: string;
  'aria-describedby'?: string;
  children: ReactNode;
}

/** A modal dialog portalled into `document.body`: focus moves in, is trapped, and returns on close. */
export function Modal(props: ModalProps) {
  if (!props.open) return null;
  return createPortal(<OpenModal {...props} />, document.body);
}

function OpenModal({
  onClose,
  title,
  hideTitle = false,
  size = 'md',
  dismissable = true,
  hideClose = false,
  initialFocusRef,
  closeLabel = 'Close',
  className,
  'aria-describedby': describedBy,
  children,
}: ModalProps) {
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const pressStartedOnBackdrop = useRef(false);

  useEffect(() => lockBodyScroll(), []);

  useEffect(() => {
    const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const panel = panelRef.current;
    const content = bodyRef.current;
    if (panel) {
      const target =
        initialFocusRef?.current ?? (content && tabbableIn(content)[0]) ?? closeRef.current ?? panel;
      target.focus();
    }
    return () => {
      if (previouslyFocused?.isConnected) previouslyFocused.focus();
    };
  }, [initialFocusRef]);

  const onDocumentKeyDown = useEffectEvent((event: KeyboardEvent) => {
    const panel = panelRef.current;
    if (!panel || !isTopmostModal(panel) || event.isComposing) return;
    if (event.key === 'Escape') {
      event.preventDefault();
      if (dismissable) onClose();
      return;
    }
    if (event.key === 'Tab') trapTab(event, panel);
  });

  // A stray focus (a click on page chrome, a script) is pulled back into the top dialog.
  const onDocumentFocusIn = useEffectEvent((event: FocusEvent) => {
    const panel = panelRef.current;
    if (!panel || !isTopmostModal(panel)) return;
    if (event.target instanceof Node && !panel.contains(event.target))
      (tabbableIn(panel)[0] ?? panel).focus();
  });

  useEffect(() => {
    const keyDown = (event: KeyboardEvent) => onDocumentKeyDown(event);
    const focusIn = (event: FocusEvent) => onDocumentFocusIn(event);
    document.addEventListener('keydown', keyDown);
    document.addEventListener('focusin', focusIn);
    return () => {
      document.removeEventListener('keydown', keyDown);
      document.removeEventListener('focusin', focusIn);
    };
  }, []);

  // Close only when the press both starts and ends on the backdrop, so a text selection dragged out of the
  // panel does not dismiss it.
  const onBackdropMouseDown = (event: ReactMouseEvent<HTMLDivElement>) => {
    pressStartedOnBackdrop.current = event.target === event.currentTarget;
  };
  const onBackdropClick = (event: ReactMouseEvent<HTMLDivElement>) => {
    const startedHere = pressStartedOnBackdrop.current;
    pressStartedOnBackdrop.current = false;
    if (dismissable && startedHere && event.target === event.currentTarget) onClose();
  };

  const closeButton = hideClose ? null : (
    <IconButton
      ref={closeRef}
      aria-label={closeLabel}
      size="sm"
      className={hideTitle ? styles.floatingClose : styles.closeButton}
      onClick={onClose}
    >
      <Glyph glyph={CLOSE_GLYPH} strokeWidth={2} />
    </IconButton>
  );

  return (
    <div
      className={styles.backdrop}
      onMouseDown={onBackdropMouseDown}
      onClick={onBackdropClick}
      data-cmp-modal-backdrop=""
    >
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={describedBy}
        tabIndex={-1}
        className={cx(styles.panel, styles.size[size], className)}
        data-size={size}
      >
        {hideTitle ? (
          <>
            <VisuallyHidden id={titleId}>{title}</VisuallyHidden>
            {closeButton}
          </>
        ) : (
          <div className={styles.header}>
            <h2 id={titleId} className={styles.title}>
              {title}
            </h2>
            {closeButton}
          </div>
        )}
        <div ref={bodyRef} className={styles.body}>
          {children}
        </div>
      </div>
    </div>
  );
}

function trapTab(event: KeyboardEvent, panel: HTMLElement) {
  const items = tabbableIn(panel);
  const first = items[0];
  const last = items[items.length - 1];
  const active = document.activeElement;
  if (!first || !last) {
    event.preventDefault();
    panel.focus();
    return;
  }
  const outside = !(active instanceof Node) || !panel.contains(active);
  if (event.shiftKey && (outside || active === first || active === panel)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (outside || active === last)) {
    event.preventDefault();
    first.focus();
  }
}
