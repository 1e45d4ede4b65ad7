import { useEffect, useState } from 'react';
import { Button, cx, Icon, Modal } from '@companion/ui';
import { MYSTERY_BOX_CLOSE_MS } from '../constants.ts';
import { nextState } from '../machine.ts';
import {
  MYSTERY_BOX_TRANSITIONS,
  mysteryBoxTitle,
  type MysteryBoxEvent,
  type MysteryBoxState,
  type MysteryBoxVariant,
} from '../mystery-box.ts';
import * as styles from './offer.css.ts';

/**
 * The mystery box (001 §2): tap to open, a shake-and-reveal animation shows the discount under the post-reveal
 * title, and the modal closes itself 1 s after the animation ends (then the flow shows the revealed offer).
 */
export function MysteryBoxModal({
  variant,
  discount,
  onTrack,
  onDone,
}: {
  variant: MysteryBoxVariant;
  /** What the box reveals, e.g. '50% OFF'. */
  discount: string;
  onTrack: (action: 'shown' | 'clicked') => void;
  onDone: () => void;
}) {
  const [state, setState] = useState<MysteryBoxState | 'end'>('closed');
  const send = (event: MysteryBoxEvent) =>
    setState((current) => nextState(MYSTERY_BOX_TRANSITIONS, current, event));
  useEffect(() => onTrack('shown'), [onTrack]);
  useEffect(() => {
    if (state === 'end') onDone();
    if (state !== 'revealed') return;
    const timer = setTimeout(() => send('closeTimerFired'), MYSTERY_BOX_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [state, onDone]);
  if (state === 'end') return null;
  const title = mysteryBoxTitle(variant, state);
  const reduced =
    typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;
  return (
    <Modal open size="sm" title={title} hideTitle dismissable={false} hideClose onClose={() => undefined}>
      <div className={styles.body} data-testid="mystery-box" data-state={state} data-variant={variant}>
        <h2 className={styles.confirmTitle}>{title}</h2>
        {state === 'revealed' ? (
          <p className={styles.reveal} data-testid="mystery-box-reveal">
            {discount}
          </p>
        ) : (
          <button
            type="button"
            className={cx(styles.box, state === 'revealing' && styles.boxRevealing)}
            aria-label="Open the mystery box"
            data-testid="mystery-box-open"
            onClick={() => {
              if (state !== 'closed') return;
              onTrack('clicked');
              send('open');
              if (reduced) send('animationEnded');
            }}
            onAnimationEnd={() => send('animationEnded')}
          >
            <Icon name="gift" size={64} />
          </button>
        )}
        {state === 'closed' && (
          <Button
            size="lg"
            fullWidth
            onClick={() => {
              onTrack('clicked');
              send('open');
              if (reduced) send('animationEnded');
            }}
          >
            Open the box
          </Button>
        )}
      </div>
    </Modal>
  );
}
