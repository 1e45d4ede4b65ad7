// A portrait's look: its size, palette and figure from the spec, and the SVG helpers every part of the painter uses.

import { EYE_PALETTES, HAIR_PALETTES, SKIN_PALETTES } from './appearance.ts';
import type { BodyType, Outfit } from './appearance.ts';
import type { PortraitSpec } from './image-engine.ts';
import type { Random } from './random.ts';

/** Width and height of every embedded image (2:3, the card ratio of the explore grid). */
export const PORTRAIT_SIZE = { width: 512, height: 768 } as const;

export const W = PORTRAIT_SIZE.width;
export const H = PORTRAIT_SIZE.height;

// One decimal keeps the SVG small without visible loss.
export const n = (value: number): string => String(Math.round(value * 10) / 10);

export const escapeXml = (text: string): string =>
  text.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] ?? c,
  );

export interface Palette {
  skin: string;
  skinShade: string;
  hair: string;
  hairLight: string;
  iris: string;
  irisLight: string;
  outfit: string;
  outfitShade: string;
  lips: string;
  accent: string;
}

export interface Figure {
  cx: number;
  cy: number;
  r: number;
  /** Horizontal shift of the facial features, to suggest a turned head. */
  turn: number;
  back: boolean;
}

const OUTFIT_COLORS: readonly [string, string][] = [
  ['#1f1f2e', '#0f0f18'],
  ['#b3264a', '#7d1733'],
  ['#f2efe9', '#d3cdc2'],
  ['#2f5d8a', '#1f3f60'],
  ['#6b3fa0', '#4a2a70'],
  ['#2e6b4f', '#1d4734'],
  ['#d98c5f', '#b06a42'],
  ['#e8a0bf', '#c77a9b'],
];
/** Main colours per outfit (ADR 0227): each reads as that outfit at a glance. */
const OUTFIT_PALETTES: Record<Outfit, readonly [string, string][]> = {
  casual: OUTFIT_COLORS,
  dress: [
    ['#b3264a', '#7d1733'],
    ['#6b3fa0', '#4a2a70'],
    ['#e8a0bf', '#c77a9b'],
    ['#2f5d8a', '#1f3f60'],
    ['#f2efe9', '#d3cdc2'],
  ],
  sporty: [
    ['#ff5a7a', '#d63d5c'],
    ['#2bb3a3', '#1d8a7d'],
    ['#f4f4f6', '#d6d6dc'],
    ['#7b61ff', '#5a44d6'],
  ],
  business: [
    ['#23283a', '#151826'],
    ['#2b2b2e', '#18181a'],
    ['#5a5f6b', '#40444d'],
    ['#3d2f2a', '#271e1a'],
  ],
  evening: [
    ['#8a1538', '#5a0c24'],
    ['#14141c', '#050508'],
    ['#40207a', '#2a1452'],
    ['#0e4a5a', '#07303b'],
  ],
  swimwear: [
    ['#ff6f61', '#d9483b'],
    ['#1fa4d6', '#147aa1'],
    ['#f7d046', '#d6ab1f'],
    ['#111111', '#000000'],
    ['#e94f9b', '#c0327a'],
  ],
};
export const DENIM = '#46689a';
export const LEGGINGS = '#23252d';
export const SHIRT = '#f5f4ef';
const LIP_COLORS = ['#c9656f', '#b23a48', '#d98a8a', '#8e2f45', '#c8757a'];

export const BODY_WIDTH: Record<BodyType, { shoulder: number; waist: number; hip: number; bust: number }> = {
  slim: { shoulder: 1.3, waist: 0.72, hip: 0.98, bust: 1.05 },
  athletic: { shoulder: 1.5, waist: 0.85, hip: 1.05, bust: 1.15 },
  average: { shoulder: 1.42, waist: 0.95, hip: 1.15, bust: 1.2 },
  curvy: { shoulder: 1.42, waist: 0.85, hip: 1.4, bust: 1.38 },
};

export function figureFor(spec: PortraitSpec, rnd: Random): Figure {
  const jitter = rnd.range(-8, 8);
  switch (spec.pose) {
    case 'portrait':
      return { cx: 256 + jitter, cy: 300, r: 104, turn: rnd.range(-0.08, 0.08), back: false };
    case 'waist-up':
      return { cx: 256 + jitter, cy: 215, r: 72, turn: rnd.range(-0.1, 0.1), back: false };
    case 'standing':
      return { cx: 256 + jitter * 2, cy: 96, r: 44, turn: rnd.range(-0.1, 0.1), back: false };
    case 'sitting':
      return { cx: 220 + jitter, cy: 190, r: 54, turn: rnd.range(0, 0.15), back: false };
    case 'over-shoulder':
      return { cx: 270 + jitter, cy: 290, r: 96, turn: 0.3, back: true };
  }
}

export function paletteFor(spec: PortraitSpec, rnd: Random): Palette {
  const [skin, skinShade] = rnd.pick(SKIN_PALETTES[spec.ethnicity]);
  const [hair, hairLight] = HAIR_PALETTES[spec.hairColor];
  const [iris, irisLight] = EYE_PALETTES[spec.eyeColor];
  const [outfit, outfitShade] = rnd.pick(spec.outfit ? OUTFIT_PALETTES[spec.outfit] : OUTFIT_COLORS);
  return {
    skin,
    skinShade,
    hair,
    hairLight,
    iris,
    irisLight,
    outfit,
    outfitShade,
    lips: rnd.pick(LIP_COLORS),
    accent: rnd.pick(['#f5c542', '#e0e0e8', '#ff8fb1']),
  };
}

export function gradients(p: Palette, id: string): string {
  return (
    `<defs>` +
    `<radialGradient id="${id}-skin" cx="0.45" cy="0.4" r="0.75"><stop offset="0.55" stop-color="${p.skin}"/><stop offset="1" stop-color="${p.skinShade}"/></radialGradient>` +
    `<linearGradient id="${id}-hair" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${p.hairLight}"/><stop offset="0.6" stop-color="${p.hair}"/></linearGradient>` +
    `<radialGradient id="${id}-iris" cx="0.5" cy="0.6" r="0.6"><stop offset="0" stop-color="${p.irisLight}"/><stop offset="1" stop-color="${p.iris}"/></radialGradient>` +
    `<linearGradient id="${id}-cloth" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.outfit}"/><stop offset="1" stop-color="${p.outfitShade}"/></linearGradient>` +
    `</defs>`
  );
}
