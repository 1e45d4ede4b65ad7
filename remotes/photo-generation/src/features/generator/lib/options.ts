import { PHOTO_VALUES } from '@companion/contracts';

// The choices the embedded image engine honours: pose, scene and outfit for any character (the values are the
// shared `PHOTO_VALUES` of contracts, which the API validates), plus style and hair colour for a new look. Labels
// are ours.

type Labelled<V extends string> = readonly { value: V; label: string }[];
const labelled = <V extends string>(values: readonly V[], labels: Record<V, string>): Labelled<V> =>
  values.map((value) => ({ value, label: labels[value] }));

export type Pose = (typeof PHOTO_VALUES.poses)[number];
/** Poses (the engine's framing). */
export const POSES = labelled<Pose>(PHOTO_VALUES.poses, {
  portrait: 'Portrait',
  'waist-up': 'Waist up',
  standing: 'Standing',
  sitting: 'Sitting',
  'over-shoulder': 'Over the shoulder',
});

export type Scene = (typeof PHOTO_VALUES.backgrounds)[number];
/** Scenes behind the character. */
export const SCENES = labelled<Scene>(PHOTO_VALUES.backgrounds, {
  studio: 'Studio',
  beach: 'Beach',
  'city-night': 'City at night',
  bedroom: 'Bedroom',
  park: 'Park',
  sunset: 'Sunset',
  cafe: 'Café',
});

export type Outfit = (typeof PHOTO_VALUES.outfits)[number];
/** Outfits the embedded painter draws (API ADR 0227). */
export const OUTFITS = labelled<Outfit>(PHOTO_VALUES.outfits, {
  casual: 'Casual',
  dress: 'Dress',
  sporty: 'Sporty',
  business: 'Business',
  evening: 'Evening gown',
  swimwear: 'Swimwear',
});

/** Styles of a new look. */
export const STYLES = [
  { value: 'realistic', label: 'Realistic' },
  { value: 'anime', label: 'Anime' },
] as const;
export type Style = (typeof STYLES)[number]['value'];

/** Hair colours of a new look (with a swatch). */
export const HAIR_COLORS = [
  { value: 'black', label: 'Black', swatch: '#1c1a1f' },
  { value: 'brown', label: 'Brown', swatch: '#6b4226' },
  { value: 'blonde', label: 'Blonde', swatch: '#e6c77a' },
  { value: 'red', label: 'Red', swatch: '#b5382c' },
  { value: 'silver', label: 'Silver', swatch: '#c9cdd6' },
  { value: 'pink', label: 'Pink', swatch: '#f08bbd' },
  { value: 'blue', label: 'Blue', swatch: '#4f7fe0' },
] as const;
export type HairColor = (typeof HAIR_COLORS)[number]['value'];

/** Photos per generation: 1–4 (the API allows up to its own batch limit; the page offers four). */
export const COUNTS = [1, 2, 3, 4] as const;
export type Count = (typeof COUNTS)[number];

const has = <T extends { value: string }>(list: readonly T[], value: string | null): value is T['value'] =>
  value !== null && list.some((item) => item.value === value);

/** Everything the generator form holds; it lives in the URL so a reload or a return resumes it (001 §2). */
export interface GeneratorChoice {
  /** A character id, or null for a new look. */
  character: string | null;
  style: Style;
  hairColor: HairColor;
  pose: Pose;
  scene: Scene;
  outfit: Outfit;
  count: Count;
  /** The batch being generated (client-named, ADR 0181), or null. */
  batch: string | null;
}

export const DEFAULT_CHOICE: GeneratorChoice = {
  character: null,
  style: 'realistic',
  hairColor: 'brown',
  pose: 'waist-up',
  scene: 'studio',
  outfit: 'casual',
  count: 2,
  batch: null,
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Reads the form from the page's query; anything unknown falls back to the default. */
export function choiceFromSearch(search: string): GeneratorChoice {
  const params = new URLSearchParams(search);
  const count = Number(params.get('count'));
  const character = params.get('character');
  const batch = params.get('batch');
  return {
    character: character && UUID.test(character) ? character : null,
    style: has(STYLES, params.get('style')) ? (params.get('style') as Style) : DEFAULT_CHOICE.style,
    hairColor: has(HAIR_COLORS, params.get('hair'))
      ? (params.get('hair') as HairColor)
      : DEFAULT_CHOICE.hairColor,
    pose: has(POSES, params.get('pose')) ? (params.get('pose') as Pose) : DEFAULT_CHOICE.pose,
    scene: has(SCENES, params.get('scene')) ? (params.get('scene') as Scene) : DEFAULT_CHOICE.scene,
    outfit: has(OUTFITS, params.get('outfit')) ? (params.get('outfit') as Outfit) : DEFAULT_CHOICE.outfit,
    count: (COUNTS as readonly number[]).includes(count) ? (count as Count) : DEFAULT_CHOICE.count,
    batch: batch && UUID.test(batch) ? batch.toLowerCase() : null,
  };
}

/** The query that restores a form (only what differs from the default is written). */
export function searchForChoice(choice: GeneratorChoice): string {
  const params = new URLSearchParams();
  if (choice.character) params.set('character', choice.character);
  else {
    if (choice.style !== DEFAULT_CHOICE.style) params.set('style', choice.style);
    if (choice.hairColor !== DEFAULT_CHOICE.hairColor) params.set('hair', choice.hairColor);
  }
  if (choice.pose !== DEFAULT_CHOICE.pose) params.set('pose', choice.pose);
  if (choice.scene !== DEFAULT_CHOICE.scene) params.set('scene', choice.scene);
  if (choice.outfit !== DEFAULT_CHOICE.outfit) params.set('outfit', choice.outfit);
  if (choice.count !== DEFAULT_CHOICE.count) params.set('count', String(choice.count));
  if (choice.batch) params.set('batch', choice.batch);
  const search = params.toString();
  return search ? `?${search}` : '';
}

/** The exact price on the button: count × tokenPriceForImage (000 §3 userPricingInfo). */
export function batchPrice(count: number, tokenPriceForImage: number): number {
  return count * tokenPriceForImage;
}

/** The body of `POST Image/generate-batch-images` for a choice. */
export function batchBody(choice: GeneratorChoice, batchId: string) {
  return {
    batchId,
    count: choice.count,
    pose: choice.pose,
    background: choice.scene,
    outfit: choice.outfit,
    ...(choice.character
      ? { personModelId: choice.character }
      : { style: choice.style, hairColor: choice.hairColor }),
  };
}
