import { useState } from 'react';
import { PATHS } from '@companion/contracts';
import { Button, Modal, Icon } from '@companion/ui';
import { useShell } from '../app/shell-context.tsx';
import { hrefWithTracking } from '../routing/tracking-params.ts';
import * as styles from './modal-body.css.ts';
import { gotTokensTitle, isRecentClaim, readClaimedAt, recordClaim } from './daily-bonus.ts';
import { useVisitor } from './use-visitor.ts';

/**
 * The daily-bonus modal (000 §4, 001 §2), 440 px: step getTokens ('Get Bonus'), then gotTokens ('You got {N}
 * tokens!', 'Start chatting' to chat). The session refetches the balance whether the claim succeeds or fails; a
 * failed claim is console-only (000 §8), and within an hour of a claim the bonus is not offered again.
 */
export function DailyBonusModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { history } = useShell();
  const { api } = useVisitor();
  const [step, setStep] = useState<'getTokens' | 'gotTokens'>('getTokens');
  const [tokens, setTokens] = useState(0);
  const [busy, setBusy] = useState(false);

  const close = () => {
    setStep('getTokens');
    onClose();
  };

  const claim = async () => {
    setBusy(true);
    // The session logs a failure and refetches the balance either way; nothing more is shown (000 §8).
    const result = await api.claimDailyBonus().catch(() => ({ ok: false, tokens: null }));
    setBusy(false);
    if (!result.ok) return;
    recordClaim(localStorage, new Date());
    setTokens(result.tokens ?? 0);
    setStep('gotTokens');
  };

  // Asked to open within the hour after a claim (000 §4 "recent"): it is not offered again.
  const offered = step === 'gotTokens' || !isRecentClaim(readClaimedAt(localStorage), new Date());

  const title = step === 'getTokens' ? 'Your daily bonus is ready' : gotTokensTitle(tokens);
  return (
    <Modal open={open && offered} onClose={close} title={title} hideTitle size="sm">
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
                history.push(hrefWithTracking(PATHS.chat.href(), history.location.search));
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
