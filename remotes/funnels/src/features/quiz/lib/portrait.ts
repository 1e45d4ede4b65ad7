import type { CharacterDraft } from '@companion/contracts';

/**
 * A portrait of a draft's look, drawn by the API's embedded painter (`GET Image/wizard-tile`, ADR 0170), the
 * same picture the wizard shows for the same look (same query, cached by the browser).
 */
export function portraitUrl(draft: CharacterDraft, pose: 'portrait' | 'waist-up' = 'portrait'): string {
  const query = new URLSearchParams();
  const looks = {
    style: draft.style ?? 'realistic',
    ethnicity: draft.ethnicity,
    eyes: draft.eyes,
    hairStyle: draft.hairStyle,
    hairColor: draft.hairColor,
    body: draft.body.body,
  };
  for (const [name, value] of Object.entries(looks)) if (value) query.set(name, value);
  if (pose !== 'portrait') query.set('pose', pose);
  return `/api/Image/wizard-tile?${query.toString()}`;
}
