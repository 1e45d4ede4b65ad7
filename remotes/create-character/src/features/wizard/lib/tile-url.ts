import type { CharacterDraft } from '@companion/contracts';

/** The look fields a tile can vary. */
export type TileField = 'style' | 'ethnicity' | 'eyes' | 'hairStyle' | 'hairColor' | 'body';

/**
 * A picture of the draft's current look with one field set to `value`, drawn by the API's embedded painter
 * (`GET Image/wizard-tile`, ADR 0170). Same query, same picture: the browser caches tiles for good.
 */
export function tileUrl(
  draft: CharacterDraft,
  field: TileField | null,
  value: string | null,
  pose: 'portrait' | 'waist-up' | 'standing' = 'portrait',
): string {
  const looks: Record<TileField, string | null> = {
    style: draft.style ?? 'realistic',
    ethnicity: draft.ethnicity,
    eyes: draft.eyes,
    hairStyle: draft.hairStyle,
    hairColor: draft.hairColor,
    body: draft.body.body,
  };
  if (field) looks[field] = value;
  const query = new URLSearchParams();
  for (const [name, chosen] of Object.entries(looks)) if (chosen) query.set(name, chosen);
  if (pose !== 'portrait') query.set('pose', pose);
  return `/api/Image/wizard-tile?${query.toString()}`;
}
