import { wizardTileUrl, type CharacterDraft, type WizardTilePose } from '@companion/contracts';

/** The look fields a tile can vary. */
export type TileField = 'style' | 'ethnicity' | 'eyes' | 'hairStyle' | 'hairColor' | 'body';

/** The picture of the draft's current look with one field set to `value` (contracts' `wizardTileUrl`). */
export function tileUrl(
  draft: CharacterDraft,
  field: TileField | null,
  value: string | null,
  pose: WizardTilePose = 'portrait',
): string {
  if (field === 'body') return wizardTileUrl({ ...draft, body: { ...draft.body, body: value } }, pose);
  return wizardTileUrl(field ? { ...draft, [field]: value } : draft, pose);
}
