import type { PersonModel } from '@companion/contracts';

/** How My AI orders the characters: newest first (the default), oldest first, or by name. */
export type MyAiOrder = 'newest' | 'oldest' | 'name';

export const ORDERS: readonly { value: MyAiOrder; label: string }[] = [
  { value: 'newest', label: 'Newest' },
  { value: 'oldest', label: 'Oldest' },
  { value: 'name', label: 'A–Z' },
];

const time = (model: PersonModel): number => {
  const parsed = model.createdAt ? Date.parse(model.createdAt) : Number.NaN;
  return Number.isNaN(parsed) ? 0 : parsed;
};

const byName = (a: PersonModel, b: PersonModel) =>
  a.firstName.localeCompare(b.firstName, undefined, { sensitivity: 'base' }) || a.id.localeCompare(b.id);

/** A sorted copy; characters without a date sort as the oldest, ties fall back to the name. */
export function sortModels(models: readonly PersonModel[], order: MyAiOrder): PersonModel[] {
  const list = [...models];
  if (order === 'name') return list.sort(byName);
  const sign = order === 'newest' ? -1 : 1;
  return list.sort((a, b) => sign * (time(a) - time(b)) || byName(a, b));
}

const DATE = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

/** "Created 24 Nov 2026", or null without a valid date. */
export function createdLabel(model: PersonModel): string | null {
  const stamp = time(model);
  return stamp ? `Created ${DATE.format(stamp)}` : null;
}
