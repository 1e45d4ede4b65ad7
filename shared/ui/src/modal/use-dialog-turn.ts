import { useEffect, useState } from 'react';
import { OPEN_MODALS } from './focusable.ts';

/**
 * Whether a dialog that can wait (a first-visit question, a promotion) may open now: once `wanted`, it waits until no
 * other modal dialog is open on the page, so it never stacks over a dialog the visitor asked for (the shell's age
 * confirmation on the way to Settings). Every remote bundles its own copy of the kit, so the only state they share
 * is the DOM (ADR 0041). With the turn, its own dialog is the one modal open; when another opens over it (the shell's
 * dialog came a moment later), it gives the turn back and waits again, so the two never stack either way.
 */
export function useDialogTurn(wanted: boolean): boolean {
  const [turn, setTurn] = useState(false);
  if (!wanted && turn) setTurn(false);
  useEffect(() => {
    if (!wanted) return;
    const check = () => {
      const open = document.querySelectorAll(OPEN_MODALS).length;
      if (!turn && open === 0) setTurn(true);
      else if (turn && open > 1) setTurn(false);
    };
    const observer = new MutationObserver(check);
    observer.observe(document.body, { childList: true, subtree: true });
    // A frame later, not now: a dialog mounting in the same commit (another remote's) is in the DOM by then.
    const frame = requestAnimationFrame(check);
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
    };
  }, [wanted, turn]);
  return wanted && turn;
}
