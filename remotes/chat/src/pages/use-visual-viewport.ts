import { useSyncExternalStore } from 'react';

/** Layout-viewport shrink beyond which the on-screen keyboard is taken to be open. */
const KEYBOARD_MIN_PX = 120;

function read(): string {
  const viewport = window.visualViewport;
  if (!viewport) return '';
  const keyboard = window.innerHeight - viewport.height > KEYBOARD_MIN_PX;
  return `${Math.round(viewport.height)}:${keyboard ? 'open' : 'closed'}`;
}

/**
 * The visible viewport height and whether the on-screen keyboard is up, from
 * `visualViewport`: the shell's viewport meta has no `interactive-widget=resizes-content`, so the chat page sizes
 * itself to what is visible and the composer stays above the keyboard. Null where `visualViewport` is missing.
 */
export function useVisualViewport(): { height: number; keyboard: boolean } | null {
  const snapshot = useSyncExternalStore((onChange) => {
    const viewport = window.visualViewport;
    viewport?.addEventListener('resize', onChange);
    return () => viewport?.removeEventListener('resize', onChange);
  }, read);
  if (snapshot === '') return null;
  const [height, keyboard] = snapshot.split(':');
  return { height: Number(height), keyboard: keyboard === 'open' };
}
