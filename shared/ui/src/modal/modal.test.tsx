import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useRef, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from '../confirm-dialog/confirm-dialog.tsx';
import { Modal } from './modal.tsx';
import type { ModalProps } from './modal.tsx';
import * as styles from './modal.css.ts';
import { MODAL_WIDTHS } from './modal-widths.ts';

afterEach(cleanup);

function Harness({ initiallyOpen = true, ...props }: Partial<ModalProps> & { initiallyOpen?: boolean }) {
  const [open, setOpen] = useState(initiallyOpen);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <Modal open={open} onClose={() => setOpen(false)} title="Log out Account" {...props}>
        <p>Are you sure?</p>
        <button type="button">Cancel</button>
        <button type="button">Log out</button>
      </Modal>
    </>
  );
}

function openFromTrigger(props: Partial<ModalProps> = {}) {
  render(<Harness initiallyOpen={false} {...props} />);
  const trigger = screen.getByRole('button', { name: 'Open' });
  trigger.focus();
  fireEvent.click(trigger);
  return trigger;
}

/** A dismissable modal; returns its `onClose` spy. */
function renderDismissable() {
  const onClose = vi.fn();
  render(
    <Modal open onClose={onClose} title="Daily bonus">
      <button type="button">Get Bonus</button>
    </Modal>,
  );
  return onClose;
}

function pressTab(shift = false) {
  fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Tab', shiftKey: shift });
}

describe('Modal', () => {
  it('should portal a labelled aria-modal dialog into document.body', () => {
    const { container } = render(<Harness />);
    const dialog = screen.getByRole('dialog', { name: 'Log out Account' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(container.contains(dialog)).toBe(false);
    expect(document.body.contains(dialog)).toBe(true);
  });

  it('should render nothing while closed', () => {
    render(
      <Modal open={false} onClose={() => {}} title="Hidden">
        x
      </Modal>,
    );
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('should move focus to the first control in the content and restore it on close', () => {
    const trigger = openFromTrigger();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }));
    fireEvent.keyDown(document.activeElement as Element, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(trigger);
  });

  it('should focus initialFocusRef when given', () => {
    function WithRef() {
      const ref = useRef<HTMLButtonElement>(null);
      return (
        <Modal open onClose={() => {}} title="Pick" initialFocusRef={ref}>
          <button type="button">First</button>
          <button type="button" ref={ref}>
            Second
          </button>
        </Modal>
      );
    }
    render(<WithRef />);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Second' }));
  });

  it('should trap Tab and Shift+Tab inside the dialog', () => {
    openFromTrigger();
    const cancel = screen.getByRole('button', { name: 'Cancel' });
    const logOut = screen.getByRole('button', { name: 'Log out' });
    const close = screen.getByRole('button', { name: 'Close' });
    logOut.focus();
    pressTab();
    expect(document.activeElement).toBe(close);
    pressTab(true);
    expect(document.activeElement).toBe(logOut);
    cancel.focus();
    pressTab();
    // Not at an edge: the browser moves focus itself, the trap leaves it alone.
    expect(document.activeElement).toBe(cancel);
  });

  it('should pull focus that escapes back into the dialog', () => {
    const trigger = openFromTrigger();
    act(() => trigger.focus());
    const dialog = screen.getByRole('dialog');
    expect(dialog.contains(document.activeElement)).toBe(true);
  });

  it('should close on Escape and on a backdrop click when dismissable', () => {
    const onClose = renderDismissable();
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
    const backdrop = document.querySelector('[data-cmp-modal-backdrop]') as HTMLElement;
    fireEvent.mouseDown(backdrop);
    fireEvent.click(backdrop);
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('should not close on a click inside the panel or a drag that ends on the backdrop', () => {
    const onClose = renderDismissable();
    const dialog = screen.getByRole('dialog');
    fireEvent.mouseDown(dialog);
    fireEvent.click(dialog);
    const backdrop = document.querySelector('[data-cmp-modal-backdrop]') as HTMLElement;
    fireEvent.mouseDown(dialog);
    fireEvent.click(backdrop);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('should ignore Escape and backdrop clicks when not dismissable', () => {
    const onClose = vi.fn();
    render(
      <Modal open onClose={onClose} title="Realistic or Anime?" dismissable={false} hideClose>
        <button type="button">Realistic</button>
      </Modal>,
    );
    fireEvent.keyDown(document.body, { key: 'Escape' });
    const backdrop = document.querySelector('[data-cmp-modal-backdrop]') as HTMLElement;
    fireEvent.mouseDown(backdrop);
    fireEvent.click(backdrop);
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
    expect(screen.getByRole('dialog')).not.toBeNull();
  });

  it('should close from the close button', () => {
    const onClose = vi.fn();
    render(
      <Modal open onClose={onClose} title="Settings">
        text
      </Modal>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('should apply the spec widths 440, 600 and 776', () => {
    expect(MODAL_WIDTHS).toEqual({ sm: 440, md: 600, lg: 776, default: 600 });
    for (const size of ['sm', 'md', 'lg'] as const) {
      const { unmount } = render(
        <Modal open onClose={() => {}} title={size} size={size}>
          x
        </Modal>,
      );
      const dialog = screen.getByRole('dialog', { name: size });
      expect(dialog.className).toContain(styles.size[size]);
      expect(dialog.getAttribute('data-size')).toBe(size);
      unmount();
    }
    render(
      <Modal open onClose={() => {}} title="Plain">
        x
      </Modal>,
    );
    expect(screen.getByRole('dialog').className).toContain(styles.size.md);
  });

  it('should open a confirmation at the default 600, not the daily bonus 440 (000 §2.5)', () => {
    render(
      <ConfirmDialog
        open
        onClose={() => {}}
        title="Unlock this photo?"
        confirmLabel="Unlock"
        onConfirm={() => {}}
      >
        Sure?
      </ConfirmDialog>,
    );
    expect(screen.getByRole('dialog', { name: 'Unlock this photo?' }).getAttribute('data-size')).toBe('md');
  });

  it('should keep the dialog named when the title is visually hidden', () => {
    render(
      <Modal open onClose={() => {}} title="Paywall" hideTitle>
        x
      </Modal>,
    );
    expect(screen.getByRole('dialog', { name: 'Paywall' })).not.toBeNull();
    expect(screen.queryByRole('heading')).toBeNull();
  });

  it('should lock body scroll while open, across nested modals, and restore it', () => {
    document.body.style.overflow = 'scroll';
    function Nested({ outer, inner }: { outer: boolean; inner: boolean }) {
      return (
        <>
          <Modal open={outer} onClose={() => {}} title="Outer">
            x
          </Modal>
          <Modal open={inner} onClose={() => {}} title="Inner">
            y
          </Modal>
        </>
      );
    }
    const { rerender } = render(<Nested outer inner={false} />);
    expect(document.body.style.overflow).toBe('hidden');
    rerender(<Nested outer inner />);
    rerender(<Nested outer={false} inner />);
    expect(document.body.style.overflow).toBe('hidden');
    rerender(<Nested outer={false} inner={false} />);
    expect(document.body.style.overflow).toBe('scroll');
    document.body.style.overflow = '';
  });

  it('should let only the topmost of nested modals react to Escape', () => {
    const closeOuter = vi.fn();
    const closeInner = vi.fn();
    render(
      <>
        <Modal open onClose={closeOuter} title="Outer">
          <button type="button">A</button>
        </Modal>
        <Modal open onClose={closeInner} title="Inner">
          <button type="button">B</button>
        </Modal>
      </>,
    );
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(closeInner).toHaveBeenCalledTimes(1);
    expect(closeOuter).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'B' }));
  });
});
