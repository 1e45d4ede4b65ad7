import { useEffect, useState } from 'react';
import type { BusEventMap, ShellBus } from '@companion/contracts';
import type { AuthMode } from '../chrome/auth-modal.tsx';

/** Which of the shell's modals are open, and how to close them. */
export interface ShellModals {
  paywall: BusEventMap['paywall:open-requested'] | null;
  closePaywall(): void;
  authMode: AuthMode | null;
  openAuth(mode: AuthMode): void;
  closeAuth(): void;
  bonusOpen: boolean;
  closeBonus(): void;
}

/** The shell's single handlers of the modal intents: paywall, sign-in, daily bonus. */
export function useShellModals(bus: ShellBus): ShellModals {
  const [paywall, setPaywall] = useState<BusEventMap['paywall:open-requested'] | null>(null);
  const [authMode, setAuthMode] = useState<AuthMode | null>(null);
  const [bonusOpen, setBonusOpen] = useState(false);
  useEffect(() => {
    const subs = [
      bus.handle('paywall:open-requested', (request) => setPaywall(request)),
      bus.handle('auth:login-requested', ({ mode }) => setAuthMode(mode)),
      bus.handle('daily-bonus:open-requested', () => setBonusOpen(true)),
      // Until checkout exposes its insufficient-tokens offer flow, a short balance opens the tokens paywall.
      bus.handle('tokens:insufficient-requested', ({ source }) =>
        setPaywall({ paywallType: 'tokens', source }),
      ),
    ];
    return () => subs.forEach((sub) => sub.unsubscribe());
  }, [bus]);
  return {
    paywall,
    closePaywall: () => setPaywall(null),
    authMode,
    openAuth: setAuthMode,
    closeAuth: () => setAuthMode(null),
    bonusOpen,
    closeBonus: () => setBonusOpen(false),
  };
}
