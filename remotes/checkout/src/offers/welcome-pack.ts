import { sessionStore } from '@companion/remote-kit';
import type { Transitions } from './machine.ts';

/**
 * The new-user token welcome flow (001 §2, §4): 'Welcome Pack' → (declined, confirmed) 70% OFF 'You're Lucky
 * Today' → (declined, confirmed) TOTAL 90% OFF → close.
 */
export type WelcomeState = 'welcome' | 'confirmWelcome' | 'downsell' | 'confirmDownsell' | 'extra';
export type WelcomeEvent = 'purchased' | 'decline' | 'leave' | 'stay';

export const WELCOME_TRANSITIONS: Transitions<WelcomeState, WelcomeEvent> = {
  welcome: { purchased: 'end', decline: 'confirmWelcome' },
  confirmWelcome: { leave: 'downsell', stay: 'welcome' },
  downsell: { purchased: 'end', decline: 'confirmDownsell' },
  confirmDownsell: { leave: 'extra', stay: 'downsell' },
  extra: { purchased: 'end', decline: 'end' },
};

export const WELCOME_COPY = {
  welcome: { title: 'Welcome Pack', badge: 'Only for NEW users' },
  downsell: { title: "You're Lucky Today", tag: '70% OFF' },
  extra: { title: "You're Lucky Today", badge: 'TOTAL 90% OFF' },
} as const;

/** A new user (001 §2 "for new users"): never subscribed and nothing bought yet (no saved card). */
export function isNewUser(user: {
  activeSubscription: unknown;
  periodInMonths: string;
  isCardTokenExists: boolean;
}) {
  return !user.activeSubscription && user.periodInMonths === 'none' && !user.isCardTokenExists;
}

/** Once per tab: after the welcome flow has run, the tokens paywall shows the packs again. */
export const welcomeShown = sessionStore<true>('checkout:welcome-pack-shown', (raw) =>
  raw === true ? true : null,
);
