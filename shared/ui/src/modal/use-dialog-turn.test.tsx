import { act, cleanup, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Modal } from './modal.tsx';
import { useDialogTurn } from './use-dialog-turn.ts';

afterEach(cleanup);

/** A dialog another bundle opened (the shell's age confirmation) and one that waits its turn (explore's welcome). */
function Page({ askedFirst, askLater = false }: { askedFirst: boolean; askLater?: boolean }) {
  const [asked, setAsked] = useState(askedFirst);
  const [later, setLater] = useState(askLater);
  if (later && !asked) {
    // The other bundle's dialog arrives a moment after the waiting one opened.
    queueMicrotask(() => {
      setLater(false);
      setAsked(true);
    });
  }
  const turn = useDialogTurn(true);
  return (
    <>
      <Modal open={asked} onClose={() => setAsked(false)} title="Are you 18 or older?">
        <button type="button" onClick={() => setAsked(false)}>
          Keep it safe for work
        </button>
      </Modal>
      <Modal open={turn} onClose={() => {}} title="Who would you like to meet?" dismissable={false}>
        <button type="button">Realistic</button>
      </Modal>
    </>
  );
}

const nextFrame = () => act(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())));

describe('useDialogTurn', () => {
  it('opens at once when no other dialog is open', async () => {
    render(<Page askedFirst={false} />);
    await nextFrame();
    expect(screen.getByRole('dialog', { name: 'Who would you like to meet?' })).toBeTruthy();
  });

  it('waits behind an open dialog and opens when it closes, keeping its turn once open', async () => {
    render(<Page askedFirst />);
    await nextFrame();
    expect(screen.queryByRole('dialog', { name: 'Who would you like to meet?' })).toBeNull();
    act(() => screen.getByRole('button', { name: 'Keep it safe for work' }).click());
    await nextFrame();
    expect(screen.getByRole('dialog', { name: 'Who would you like to meet?' })).toBeTruthy();
    await nextFrame();
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
  });

  it('gives its turn back when another dialog opens over it, and opens again when that one closes', async () => {
    render(<Page askedFirst={false} askLater />);
    await nextFrame();
    await nextFrame();
    expect(screen.getByRole('dialog', { name: 'Are you 18 or older?' })).toBeTruthy();
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    act(() => screen.getByRole('button', { name: 'Keep it safe for work' }).click());
    await nextFrame();
    expect(screen.getByRole('dialog', { name: 'Who would you like to meet?' })).toBeTruthy();
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
  });
});
