import type { DraftPatch, Variant } from '../../../variants/types.ts';

/** The look the welcome screen shows: the first answer of the variant's first picture question (its lead look). */
export function heroLook(variant: Variant): DraftPatch {
  for (const step of variant.steps) {
    if (step.kind !== 'choice' || step.layout !== 'pictures') continue;
    const look = step.options.find((option) => option.patch.hairColor);
    if (look) return look.patch;
  }
  return {};
}
