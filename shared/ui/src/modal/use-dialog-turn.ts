import { useEffect, useState } from 'react';
import { OPEN_MODALS } from './focusable.ts';

/**
 * Whether a dialog that can wait (a first-visit question, a promotion) may open now: once `wanted`, it waits until no
 * other modal dialog is open on the page, so it never stacks over a dialog the visitor asked for (the shell's age
 * confirmation on the way to Settings). Every remote bundles its own copy of the kit, so the only state they share
 * is the DOM (ADR 0041). Once given, the turn is kept until `wanted` turns false: the waiting dialog's own opening
 * does not take it back.
 */
export function useDialogTurn(wanted: boolean): boolean {
  const [turn, setTurn] = useState(false);
  if (!wanted && turn) setTurn(false);
  useEffect(() => {
    if (!wanted || turn) return;
    const take = () => {
      if (!document.querySelector(OPEN_MODALS)) setTurn(true);
    };
    const observer = new MutationObserver(take);
    observer.observe(document.body, { childList: true, subtree: true });
    // A frame later, not now: a dialog mounting in the same commit (another remote's) is in the DOM by then.
    const frame = requestAnimationFrame(take);
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
    };
  }, [wanted, turn]);
  return wanted && turn;
}
