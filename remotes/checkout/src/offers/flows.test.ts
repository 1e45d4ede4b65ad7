import { describe, expect, it } from 'vitest';
import { bannersFor, BANNERS_BY_PERIOD } from './banners.ts';
import {
  CONFIRMATION_BUTTONS,
  CONFIRMATION_FOR_STEP,
  CONFIRMATION_VARIANTS,
  confirmationText,
  confirmationVariant,
} from './confirmation.ts';
import { DECLINED_COPY, monthlyProducts, preselected, showsDeclinedPopup } from './declined.ts';
import * as insufficient from './insufficient-tokens.ts';
import { LIFETIME_COPY, RENEWAL_BADGE, showsMonthlyTokens, showsRenewalBadge } from './lifetime.ts';
import { nextState, type Transitions } from './machine.ts';
import { exitBoxVariant } from './exit-box.ts';
import { MYSTERY_BOX_TRANSITIONS, mysteryBoxTitle } from './mystery-box.ts';
import { MYSTERY_BOX_ENTRY, TOKENS_OFFER_COPY, TOKENS_OFFER_TRANSITIONS } from './tokens-offers.ts';
import { defaultSelection } from '../features/plans/lib/plan-rules.ts';
import {
  lifetimeAfterDownsell2,
  singleMode,
  UPGRADE_COPY,
  upgradeChoices,
  upgradeInitialState,
  upgradeTransitions,
  type UpgradeContext,
} from './upgrade.ts';
import { isNewUser, WELCOME_COPY, WELCOME_TRANSITIONS } from './welcome-pack.ts';
import type { SubscriptionProduct } from '@companion/contracts';

/** The upgrade step's list (`downsell/products?downsellType=base`) as the catalogue answers it. */
const upgradeBase = [
  { id: 'sub-3m', periodType: 'month', periodValue: 3, periodInMonths: 3, isLifetimeSubscription: false },
  { id: 'sub-12m', periodType: 'year', periodValue: 1, periodInMonths: 12, isLifetimeSubscription: false },
] as SubscriptionProduct[];

/** Runs events from a start state and returns every state visited. */
function walk<S extends string, E extends string>(table: Transitions<S, E>, start: S, events: E[]) {
  const seen: (S | 'end')[] = [start];
  let state: S | 'end' = start;
  for (const event of events) {
    state = nextState(table, state, event);
    seen.push(state);
  }
  return seen;
}

describe('machine', () => {
  it('keeps the state on an event the state does not list, and end stays end', () => {
    expect(nextState(TOKENS_OFFER_TRANSITIONS, 'upsell', 'leave')).toBe('upsell');
    expect(nextState(TOKENS_OFFER_TRANSITIONS, 'end', 'decline')).toBe('end');
  });
});

describe('tokens offers (upsell → confirmation → downsell → mystery box)', () => {
  it('declining moves along the chain through each confirmation', () => {
    expect(
      walk(TOKENS_OFFER_TRANSITIONS, 'upsell', [
        'decline',
        'leave',
        'decline',
        'leave',
        'revealed',
        'decline',
        'leave',
      ]),
    ).toEqual([
      'upsell',
      'confirmUpsell',
      'downsell',
      'confirmDownsell',
      'mysteryBox',
      'boxOffer',
      'confirmBox',
      'end',
    ]);
  });
  it("declining the box's offer asks with the 'mystery' confirmation; the box alone starts at the box", () => {
    expect(nextState(TOKENS_OFFER_TRANSITIONS, 'confirmBox', 'stay')).toBe('boxOffer');
    expect(confirmationVariant('tokens', 'boxOffer')).toBe('mystery');
    expect(walk(TOKENS_OFFER_TRANSITIONS, MYSTERY_BOX_ENTRY, ['revealed', 'decline', 'leave'])).toEqual([
      'mysteryBox',
      'boxOffer',
      'confirmBox',
      'end',
    ]);
    expect(exitBoxVariant(false)).toBe('base');
    expect(exitBoxVariant(true)).toBe('offer');
    expect(mysteryBoxTitle(exitBoxVariant(false), 'closed')).toBe("You've found mystery box");
  });
  it("'No, go back' returns to the offer; a purchase ends the flow at every offer", () => {
    expect(walk(TOKENS_OFFER_TRANSITIONS, 'upsell', ['decline', 'stay'])).toEqual([
      'upsell',
      'confirmUpsell',
      'upsell',
    ]);
    expect(nextState(TOKENS_OFFER_TRANSITIONS, 'confirmDownsell', 'stay')).toBe('downsell');
    for (const state of ['upsell', 'downsell', 'boxOffer'] as const)
      expect(nextState(TOKENS_OFFER_TRANSITIONS, state, 'purchased')).toBe('end');
  });
  it('the mystery box cannot be skipped: only its reveal moves on', () => {
    expect(nextState(TOKENS_OFFER_TRANSITIONS, 'mysteryBox', 'decline')).toBe('mysteryBox');
    expect(nextState(TOKENS_OFFER_TRANSITIONS, 'mysteryBox', 'purchased')).toBe('mysteryBox');
  });
  it('uses the spec copy', () => {
    expect(TOKENS_OFFER_COPY.upsell).toEqual({
      title: 'Double Package',
      badge: 'Exclusive Offer',
      tag: '50% OFF',
    });
    expect(TOKENS_OFFER_COPY.downsell).toEqual({
      title: "You're Lucky Today",
      tag: '30% OFF',
      badge: 'Limited Offer',
    });
  });
});

describe('mystery box', () => {
  it('opens, reveals, then closes on the 1 s timer', () => {
    expect(walk(MYSTERY_BOX_TRANSITIONS, 'closed', ['open', 'animationEnded', 'closeTimerFired'])).toEqual([
      'closed',
      'revealing',
      'revealed',
      'end',
    ]);
    expect(nextState(MYSTERY_BOX_TRANSITIONS, 'revealing', 'closeTimerFired')).toBe('revealing');
  });
  it('titles before and after the reveal per variant', () => {
    expect(mysteryBoxTitle('base', 'closed')).toBe("You've found mystery box");
    expect(mysteryBoxTitle('offer', 'revealing')).toBe("You've found mystery box");
    expect(mysteryBoxTitle('extra', 'closed')).toBe("You've forgot something");
    expect(mysteryBoxTitle('base', 'revealed')).toBe('Your extra discount');
    expect(mysteryBoxTitle('extra', 'revealed')).toBe('Your final offer');
    expect(mysteryBoxTitle('offer', 'revealed')).toBe('Your Exclusive Offer');
  });
});

describe('insufficient tokens', () => {
  it('closing goes through confirmation to the downsell, whose close ends the flow', () => {
    expect(walk(insufficient.INSUFFICIENT_TRANSITIONS, 'main', ['decline', 'leave', 'decline'])).toEqual([
      'main',
      'confirm',
      'downsell',
      'end',
    ]);
    expect(walk(insufficient.INSUFFICIENT_TRANSITIONS, 'main', ['decline', 'stay', 'purchased'])).toEqual([
      'main',
      'confirm',
      'main',
      'end',
    ]);
    expect(nextState(insufficient.INSUFFICIENT_TRANSITIONS, 'downsell', 'purchased')).toBe('end');
  });
  it('copy, labels and analytics names', () => {
    expect(insufficient.INSUFFICIENT_COPY.main.title).toBe('Not enough tokens');
    expect(insufficient.INSUFFICIENT_COPY.main.note).toBe(
      'This offer is available only now, on this screen.',
    );
    expect(insufficient.INSUFFICIENT_COPY.downsell).toEqual({
      title: "Honey, don't go now!",
      tag: '70% OFF',
    });
    expect(insufficient.freeTokensLabel(100)).toBe('Get 100 FREE tokens');
    expect(insufficient.insufficientEvent('message', 'main', 'popup_shown')).toBe(
      'insufficient_funds_message_main_popup_shown',
    );
    expect(insufficient.insufficientEvent('photo', 'downsell', 'closed')).toBe(
      'insufficient_funds_photo_downsell_closed',
    );
    expect(insufficient.insufficientEvent('photo', 'main', 'clicked')).toBe(
      'insufficient_funds_photo_main_clicked',
    );
  });
  it('imagery by request kind and adult content', () => {
    expect(insufficient.requestKind('photo')).toBe('photo');
    expect(insufficient.requestKind('message')).toBe('message');
    expect(insufficient.requestKind('character')).toBe('message');
    expect(insufficient.insufficientArt('photo', true)).toBe('photo-adult');
    expect(insufficient.insufficientArt('message', false)).toBe('message-safe');
  });
});

describe('welcome pack', () => {
  it('welcome → 70% → 90% → close, each decline confirmed', () => {
    expect(walk(WELCOME_TRANSITIONS, 'welcome', ['decline', 'leave', 'decline', 'leave', 'decline'])).toEqual(
      ['welcome', 'confirmWelcome', 'downsell', 'confirmDownsell', 'extra', 'end'],
    );
    expect(nextState(WELCOME_TRANSITIONS, 'confirmWelcome', 'stay')).toBe('welcome');
    expect(nextState(WELCOME_TRANSITIONS, 'extra', 'purchased')).toBe('end');
  });
  it('copy and who is new', () => {
    expect(WELCOME_COPY.welcome).toEqual({ title: 'Welcome Pack', badge: 'Only for NEW users' });
    expect(WELCOME_COPY.downsell.tag).toBe('70% OFF');
    expect(WELCOME_COPY.extra.badge).toBe('TOTAL 90% OFF');
    const user = { activeSubscription: null, periodInMonths: 'none', isCardTokenExists: false };
    expect(isNewUser(user)).toBe(true);
    expect(isNewUser({ ...user, isCardTokenExists: true })).toBe(false);
    expect(isNewUser({ ...user, activeSubscription: {}, periodInMonths: 'monthly' })).toBe(false);
  });
});

describe('upgrade flow', () => {
  const ctx = (over: Partial<UpgradeContext>): UpgradeContext => ({
    period: 'monthly',
    weeklyExperiment: false,
    lifetimeFlag: false,
    ...over,
  });
  const declineAll = ['decline', 'leave', 'decline', 'leave', 'decline', 'leave'] as const;
  it('monthly users end after downsell2; quarterly users go on to lifetime', () => {
    expect(walk(upgradeTransitions(ctx({})), 'upgrade', [...declineAll])).toEqual([
      'upgrade',
      'confirmUpgrade',
      'upgradeDownsell',
      'confirmDownsell',
      'upgradeDownsell2',
      'confirmDownsell2',
      'end',
    ]);
    expect(walk(upgradeTransitions(ctx({ period: 'quarterly' })), 'upgrade', [...declineAll]).at(-1)).toBe(
      'lifetime',
    );
  });
  it('the weekly experiment moves the lifetime rule to annual users; the flag removes it', () => {
    expect(lifetimeAfterDownsell2(ctx({ period: 'quarterly', weeklyExperiment: true }))).toBe(false);
    expect(lifetimeAfterDownsell2(ctx({ period: 'annually', weeklyExperiment: true }))).toBe(true);
    expect(lifetimeAfterDownsell2(ctx({ period: 'quarterly', lifetimeFlag: true }))).toBe(false);
  });
  it('a 12-month purchase goes to lifetime, a shorter one ends', () => {
    const table = upgradeTransitions(ctx({}));
    for (const state of ['upgrade', 'upgradeDownsell', 'upgradeDownsell2'] as const) {
      expect(nextState(table, state, 'purchasedAnnual')).toBe('lifetime');
      expect(nextState(table, state, 'purchased')).toBe('end');
    }
    expect(nextState(upgradeTransitions(ctx({ lifetimeFlag: true })), 'upgrade', 'purchasedAnnual')).toBe(
      'end',
    );
    expect(nextState(table, 'lifetime', 'purchased')).toBe('end');
    // Declining lifetime asks with the 'lifetime' confirmation first (001 §2).
    expect(nextState(table, 'lifetime', 'decline')).toBe('confirmLifetime');
    expect(nextState(table, 'confirmLifetime', 'leave')).toBe('end');
    expect(nextState(table, 'confirmLifetime', 'stay')).toBe('lifetime');
    expect(confirmationVariant('upgrade', 'lifetime')).toBe('lifetime');
    expect(nextState(table, 'confirmDownsell', 'stay')).toBe('upgradeDownsell');
  });
  it('starts at lifetime for annual users, upgrade for monthly and quarterly, nowhere else', () => {
    expect(upgradeInitialState(ctx({ period: 'annually' }))).toBe('lifetime');
    expect(upgradeInitialState(ctx({ period: 'monthly' }))).toBe('upgrade');
    expect(upgradeInitialState(ctx({ period: 'quarterly' }))).toBe('upgrade');
    expect(upgradeInitialState(ctx({ period: 'none' }))).toBeNull();
    expect(upgradeInitialState(ctx({ period: 'lifetime' }))).toBeNull();
  });
  it('single-option mode at the upgrade step (001 §5): monthly users get 3 months (Year too in the weekly experiment)', () => {
    const choices = (period: 'monthly' | 'quarterly' | 'annually', weekly: boolean) => {
      const single = singleMode(period, weekly);
      const list = upgradeChoices(upgradeBase, single) ?? [];
      return {
        ids: list.map((p) => p.id),
        selected: single ? defaultSelection(list, null, single)?.id : null,
      };
    };
    expect(choices('monthly', false)).toEqual({ ids: ['sub-3m'], selected: 'sub-3m' });
    expect(choices('monthly', true)).toEqual({ ids: ['sub-3m', 'sub-12m'], selected: 'sub-12m' });
    expect(choices('quarterly', false)).toEqual({ ids: ['sub-12m'], selected: 'sub-12m' });
    expect(choices('annually', false)).toEqual({ ids: ['sub-3m', 'sub-12m'], selected: null });
    expect(upgradeChoices(null, singleMode('monthly', false))).toBeNull();
  });
  it('copy', () => {
    expect(UPGRADE_COPY.upgrade).toEqual({
      title: 'Switch to a cheaper plan',
      action: 'Upgrade with Extra Discount',
      badge: 'Only for NEW users',
    });
    expect(UPGRADE_COPY.upgradeDownsell).toEqual({ badge: 'Last chance!', title: 'With extra discount' });
    expect(UPGRADE_COPY.upgradeDownsell2).toEqual({ badge: 'Final offer!', title: 'Extra discount 20% OFF' });
  });
});

describe('lifetime', () => {
  it('copy, benefits and the monthly tokens flag', () => {
    expect(LIFETIME_COPY.headline).toBe('Pay Once – Use Forever');
    expect(LIFETIME_COPY.benefits).toEqual([
      'Lifetime access',
      'Only one payment',
      'Cheaper than annual subscription',
    ]);
    expect(LIFETIME_COPY.action).toBe('Claim Lifetime Access');
    expect(LIFETIME_COPY.pageHeadline).toBe('Endless Honeyed Bliss');
    expect(RENEWAL_BADGE).toBe('Get 100 bonus tokens for renewal');
    // The user feature `hideLifetimeMonthlyTokens` hides the line; a user without it sees it.
    expect(showsMonthlyTokens({ hideLifetimeMonthlyTokens: false })).toBe(true);
    expect(showsMonthlyTokens({})).toBe(true);
    expect(showsMonthlyTokens(undefined)).toBe(true);
    expect(showsMonthlyTokens({ hideLifetimeMonthlyTokens: true })).toBe(false);
  });

  it('the renewal badge on recurring plans, never on lifetime', () => {
    expect(showsRenewalBadge({ periodType: 'week', periodValue: 1 })).toBe(true);
    expect(showsRenewalBadge({ periodType: 'month', periodValue: 3 })).toBe(true);
    expect(showsRenewalBadge({ periodType: 'year', periodValue: 1 })).toBe(true);
    expect(showsRenewalBadge({ periodType: 'year', periodValue: 100 })).toBe(false);
  });
});

describe('declined popup', () => {
  const plan = (id: string, periodType: 'month' | 'year', periodValue: number) =>
    ({ id, periodType, periodValue, title: id }) as SubscriptionProduct;
  it('only for 3.02 with an offer handler', () => {
    expect(showsDeclinedPopup('3.02', true)).toBe(true);
    expect(showsDeclinedPopup('3.02', false)).toBe(false);
    expect(showsDeclinedPopup('3.04', true)).toBe(false);
    expect(showsDeclinedPopup(null, true)).toBe(false);
  });
  it('lists monthly products only and preselects the first', () => {
    const list = [
      plan('sub-3m', 'month', 3),
      plan('sub-1m', 'month', 1),
      plan('sub-12m', 'year', 1),
      plan('b', 'month', 1),
    ];
    expect(monthlyProducts(list).map((p) => p.id)).toEqual(['sub-1m', 'b']);
    expect(monthlyProducts(list).map((p) => p.title)).toEqual(['Monthly', 'Monthly']);
    expect(preselected(list)?.id).toBe('sub-1m');
    expect(preselected([plan('sub-12m', 'year', 1)])).toBeNull();
  });
  it('copy', () => {
    expect(DECLINED_COPY.badge).toBe('Only for YOU');
    expect(DECLINED_COPY.action).toBe('Continue');
    expect(DECLINED_COPY.noCommitment).toBe('No commitment cancel anytime');
    expect(DECLINED_COPY.guarantee).toBe('30-Day Money-Back Guarantee');
    expect(DECLINED_COPY.tryAgain).toBe('Try again with different card');
  });
});

describe('confirmation modal', () => {
  it('has ten variants, each with distinct adult and non-adult texts', () => {
    expect(new Set(CONFIRMATION_VARIANTS).size).toBe(10);
    for (const variant of CONFIRMATION_VARIANTS) {
      const adult = confirmationText(variant, true);
      const safe = confirmationText(variant, false);
      expect(adult.title.length).toBeGreaterThan(0);
      expect(adult.text).not.toBe(safe.text);
    }
    const titles = CONFIRMATION_VARIANTS.map((v) => confirmationText(v, false).title);
    expect(new Set(titles).size).toBe(10);
    expect(titles).toContain('This is a one-time offer');
    expect(titles).toContain('Once in a lifetime');
    expect(CONFIRMATION_BUTTONS).toEqual({ leave: 'Yes, lose access', stay: 'No, go back' });
  });
  it('selects the variant by flow step, defaulting to one-time offer', () => {
    expect(confirmationVariant('tokens', 'upsell')).toBe('double-package');
    expect(confirmationVariant('insufficient', 'main')).toBe('free-tokens');
    expect(confirmationVariant('upgrade', 'upgradeDownsell2')).toBe('once-in-a-lifetime');
    expect(confirmationVariant('nowhere', 'x')).toBe('one-time-offer');
    expect(new Set(Object.values(CONFIRMATION_FOR_STEP)).size).toBe(10);
  });
});

describe('promo banners', () => {
  it('follows the §9 table per period with the analytics names', () => {
    expect(bannersFor('none').map((b) => b.event)).toEqual(['banner_subscription_annual_clicked']);
    expect(bannersFor('monthly').map((b) => b.event)).toEqual([
      'banner_subscription_quarter_clicked',
      'banner_tokens_350_clicked',
    ]);
    expect(bannersFor('quarterly').map((b) => b.event)).toEqual([
      'banner_subscription_annual_clicked',
      'banner_tokens_550_clicked',
    ]);
    expect(bannersFor('annually').map((b) => b.event)).toEqual([
      'banner_1150_tokens_clicked',
      'banner_550_tokens_clicked',
    ]);
    expect(BANNERS_BY_PERIOD.lifetime).toEqual(BANNERS_BY_PERIOD.annually);
    expect(bannersFor('monthly').map((b) => b.productId)).toEqual(['sub-3m', 'tokens-350']);
  });
});
