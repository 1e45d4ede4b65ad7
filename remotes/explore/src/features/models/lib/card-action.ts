import { PATHS, type PersonModel } from '@companion/contracts';
import { lockOf } from './filter-models.ts';

/** Who is clicking, as far as the click path cares. */
export interface Clicker {
  /** Registered (has an email); the generated anonymous user is not. */
  loggedIn: boolean;
  subscribed: boolean;
}

/** What a card click does. */
export type CardAction =
  | { kind: 'open-chat' }
  | { kind: 'sign-in' }
  | { kind: 'paywall' }
  | { kind: 'confirm-unlock'; endpoint: 'PersonModel/unlock' | 'PersonModel/unlock-premium-model' };

/**
 * The card click path: an anonymous visitor is asked to sign in (000 §6: a character card is a protected link);
 * an open character goes to its chat; a locked or premium one needs a subscription (paywall), then a token
 * unlock, which is confirmed first.
 */
export function cardAction(model: PersonModel, clicker: Clicker): CardAction {
  if (!clicker.loggedIn) return { kind: 'sign-in' };
  const lock = lockOf(model);
  if (lock === null) return { kind: 'open-chat' };
  if (!clicker.subscribed) return { kind: 'paywall' };
  return {
    kind: 'confirm-unlock',
    endpoint: lock === 'premium' ? 'PersonModel/unlock-premium-model' : 'PersonModel/unlock',
  };
}

/** The chat route for a character (000 §2.1: chat with a modelId parameter). */
export function chatHref(modelId: string): string {
  return PATHS.chat.href({ modelId });
}
