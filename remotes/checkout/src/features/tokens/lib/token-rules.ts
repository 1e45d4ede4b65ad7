import type { TokenProduct } from '@companion/contracts';

/** The pack preselected: the first one with a bonus (the best value), else the first. */
export function defaultTokenPack<T extends TokenProduct>(packs: T[]): T | null {
  return packs.find((pack) => pack.tokenBonus > 0) ?? packs[0] ?? null;
}
