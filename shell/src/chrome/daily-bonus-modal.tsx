import { useState } from 'react';
import { Button, Modal } from '@companion/ui';
import { useShell } from '../app/shell-context.tsx';
import { hrefWithTracking } from '../routing/tracking-params.ts';
import * as form from './form-field.css.ts';
import * as styles from './modal-body.css.ts';
import { gotTokensTitle } from './daily-bonus.ts';
import { Icon } from './icons.tsx';
import { useVisitor } from './use-visitor.ts';

const CLAIMED_AT_KEY = 'persist:daily-bonus-claimed-at';

/**
 * The daily-bonus modal (000 §4, 001 §2), 440 px: step getTokens ('Get Bonus'), then gotTokens ('You got {N}
 * tokens!', 'Start chatting' to chat). The session refetches the balance whether the claim succeeds or fails.
 */
export function DailyBonusModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { history } = useShell();
  const { api } = useVisitor();
  const [step, setStep] = useState<'getTokens' | 'gotTokens'>('getTokens');
  const [tokens, setTokens] = useState(0);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  const close = () => {
    setStep('getTokens');
    setFailed(false);
    onClose();
  };

  const claim = async () => {
    setBusy(true);
    setFailed(false);
    const result = await api.claimDailyBonus().catch(() => ({ ok: false, tokens: null }));
    setBusy(false);
    if (!result.ok) {
      setFailed(true);
      return;
    }
    try {
      localStorage.setItem(CLAIMED_AT_KEY, String(Date.now()));
    } catch {
      // Only the "recent claim" hint is lost.
    }
    setTokens(result.tokens ?? 0);
    setStep('gotTokens');
  };

  const title = step === 'getTokens' ? 'Your daily bonus is ready' : gotTokensTitle(tokens);
  return (
    <Modal open={open} onClose={close} title={title} hideTitle size="bonus">
      <div className={styles.modalBody} data-testid="daily-bonus-modal" data-step={step}>
        <span className={styles.heroIcon} aria-hidden="true">
          <Icon name={step === 'getTokens' ? 'gift' : 'tokens'} size={34} />
        </span>
        <h2 className={styles.modalTitle}>{title}</h2>
        {step === 'getTokens' ? (
          <>
            <p className={styles.modalLead}>
              Come back every day to collect free tokens for photos, videos and calls.
            </p>
            {failed && (
              <p className={form.fieldError} role="alert">
                We could not claim your bonus right now. Please try again later.
              </p>
            )}
            <Button size="lg" fullWidth loading={busy} onClick={() => void claim()}>
              Get Bonus
            </Button>
          </>
        ) : (
          <>
            <p className={styles.modalLead}>
              They are already in your balance. Spend them on your favourite character.
            </p>
            <Button
              size="lg"
              fullWidth
              onClick={() => {
                close();
                history.push(hrefWithTracking('/chat', history.location.search));
              }}
            >
              Start chatting
            </Button>
          </>
        )}
      </div>
    </Modal>
  );
}
