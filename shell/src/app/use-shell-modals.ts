import { useEffect, useState } from 'react';
import type { BusEventMap, ShellBus } from '@companion/contracts';
import type { AuthMode } from '../chrome/auth-modal.tsx';

/** Which of the shell's modals are open, and how to close them. */
export interface ShellModals {
  paywall: BusEventMap['paywall:open-requested'] | null;
  /** The short balance that opened the paywall, if one did (checkout shows its insufficient-tokens offer). */
  insufficient: BusEventMap['tokens:insufficient-requested'] | null;
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
  const [insufficient, setInsufficient] = useState<BusEventMap['tokens:insufficient-requested'] | null>(null);
  const [authMode, setAuthMode] = useState<AuthMode | null>(null);
  const [bonusOpen, setBonusOpen] = useState(false);
  useEffect(() => {
    const subs = [
      bus.handle('paywall:open-requested', (request) => {
        setInsufficient(null);
        setPaywall(request);
      }),
      bus.handle('auth:login-requested', ({ mode }) => setAuthMode(mode)),
      bus.handle('daily-bonus:open-requested', () => setBonusOpen(true)),
      // A short balance opens checkout's paywall parcel with the request: it shows the insufficient-tokens offer.
      bus.handle('tokens:insufficient-requested', (request) => {
        setInsufficient(request);
        setPaywall({ paywallType: 'tokens', source: request.source });
      }),
    ];
    return () => subs.forEach((sub) => sub.unsubscribe());
  }, [bus]);
  return {
    paywall,
    insufficient,
    closePaywall: () => {
      setPaywall(null);
      setInsufficient(null);
    },
    authMode,
    openAuth: setAuthMode,
    closeAuth: () => setAuthMode(null),
    bonusOpen,
    closeBonus: () => setBonusOpen(false),
  };
}
