import type { PeriodInMonths, SubscriptionProduct } from '@companion/contracts';
import { singleOptionPlans } from '../features/plans/lib/plan-rules.ts';
import type { Transitions } from './machine.ts';

/**
 * The subscription upgrade flow (001 §2, §4): upgrade (2 min) → upgradeDownsell → upgradeDownsell2 → lifetime or
 * end. Each decline asks for confirmation first. Lifetime follows downsell2 for quarterly users (annual ones in the
 * weekly-plan experiment) unless the lifetime flag is set; a purchase that lands on 12 months goes to lifetime;
 * annual users start at lifetime.
 */
export type UpgradeState =
  | 'upgrade'
  | 'confirmUpgrade'
  | 'upgradeDownsell'
  | 'confirmDownsell'
  | 'upgradeDownsell2'
  | 'confirmDownsell2'
  | 'lifetime'
  | 'confirmLifetime';
/** `purchasedAnnual`: the plan bought is 12 months long. */
export type UpgradeEvent = 'purchased' | 'purchasedAnnual' | 'decline' | 'leave' | 'stay';

export interface UpgradeContext {
  period: PeriodInMonths;
  weeklyExperiment: boolean;
  /** The lifetime flag of 001 §4 (lifetime already offered or held): no lifetime step. */
  lifetimeFlag: boolean;
}

/** Whether lifetime follows a declined upgradeDownsell2. */
export function lifetimeAfterDownsell2(ctx: UpgradeContext): boolean {
  const wanted = ctx.weeklyExperiment ? 'annually' : 'quarterly';
  return ctx.period === wanted && !ctx.lifetimeFlag;
}

/** The table for one user: the two context rules pick a row's target, the rest is fixed. */
export function upgradeTransitions(ctx: UpgradeContext): Transitions<UpgradeState, UpgradeEvent> {
  const afterAnnual = ctx.lifetimeFlag ? 'end' : 'lifetime';
  const bought = { purchased: 'end', purchasedAnnual: afterAnnual } as const;
  return {
    upgrade: { ...bought, decline: 'confirmUpgrade' },
    confirmUpgrade: { leave: 'upgradeDownsell', stay: 'upgrade' },
    upgradeDownsell: { ...bought, decline: 'confirmDownsell' },
    confirmDownsell: { leave: 'upgradeDownsell2', stay: 'upgradeDownsell' },
    upgradeDownsell2: { ...bought, decline: 'confirmDownsell2' },
    confirmDownsell2: { leave: lifetimeAfterDownsell2(ctx) ? 'lifetime' : 'end', stay: 'upgradeDownsell2' },
    lifetime: { purchased: 'end', purchasedAnnual: 'end', decline: 'confirmLifetime' },
    confirmLifetime: { leave: 'end', stay: 'lifetime' },
  };
}

/**
 * Where the flow starts: lifetime for annual users, upgrade for monthly and quarterly, nothing otherwise. A flow
 * entered right after a 12-month plan was paid elsewhere (the hosted page) is where `purchasedAnnual` leads.
 */
export function upgradeInitialState(ctx: UpgradeContext, entry?: 'afterAnnual'): UpgradeState | null {
  if (entry === 'afterAnnual') return ctx.lifetimeFlag ? null : 'lifetime';
  if (ctx.period === 'annually') return ctx.lifetimeFlag ? null : 'lifetime';
  if (ctx.period === 'monthly' || ctx.period === 'quarterly') return 'upgrade';
  return null;
}

export const UPGRADE_COPY = {
  upgrade: {
    title: 'Switch to a cheaper plan',
    action: 'Upgrade with Extra Discount',
    badge: 'Only for NEW users',
  },
  upgradeDownsell: { badge: 'Last chance!', title: 'With extra discount' },
  upgradeDownsell2: { badge: 'Final offer!', title: 'Extra discount 20% OFF' },
} as const;

/** The product list each step offers: `Payments/downsell/products?downsellType=`. */
export const UPGRADE_PRODUCT_LIST = {
  upgrade: 'base',
  upgradeDownsell: 'extra',
  upgradeDownsell2: 'extra',
} as const;

/** A plan of 12 months or more (a year plan) counts as annual for the after-success rule. */
export const isAnnualPlan = (periodInMonths: number) => periodInMonths === 12;

/** Paywall sources that open the upgrade chain for a subscriber (others keep the upgrade-only plan picker). */
export const UPGRADE_SOURCES: ReadonlySet<string> = new Set(['left_panel_banner', 'upgrade']);

/** Single-option mode's inputs (001 §5) for a user on `period`: monthly and quarterly users only. */
export function singleMode(
  period: PeriodInMonths,
  weeklyExperiment: boolean,
): { userMonths: number; weeklyExperiment: boolean } | null {
  if (period === 'monthly') return { userMonths: 1, weeklyExperiment };
  if (period === 'quarterly') return { userMonths: 3, weeklyExperiment };
  return null;
}

/** The upgrade step's plans: in single-option mode only those its rule leaves (001 §5). */
export function upgradeChoices(
  plans: SubscriptionProduct[] | null | undefined,
  single: { userMonths: number; weeklyExperiment: boolean } | null,
): SubscriptionProduct[] | null {
  if (!plans) return null;
  return single ? singleOptionPlans(plans, single.userMonths, single.weeklyExperiment) : plans;
}
