import { EYE_PALETTES, HAIR_PALETTES, SKIN_PALETTES } from './appearance.ts';
import type { Background, BodyType, Outfit } from './appearance.ts';
import type { PortraitSpec } from './image-engine.ts';
import { createRandom, hashString } from './random.ts';
import type { Random } from './random.ts';

/** Bump when the drawing changes visibly: catalogue image ids include it, so browsers and CDNs fetch the new pictures. */
export const PAINTER_VERSION = 2;

/** Width and height of every embedded image (2:3, the card ratio of the explore grid). */
export const PORTRAIT_SIZE = { width: 512, height: 768 } as const;

const W = PORTRAIT_SIZE.width;
const H = PORTRAIT_SIZE.height;

// One decimal keeps the SVG small without visible loss.
const n = (value: number): string => String(Math.round(value * 10) / 10);

const escapeXml = (text: string): string =>
  text.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] ?? c,
  );

interface Palette {
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

interface Figure {
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
const DENIM = '#46689a';
const LEGGINGS = '#23252d';
const SHIRT = '#f5f4ef';
const LIP_COLORS = ['#c9656f', '#b23a48', '#d98a8a', '#8e2f45', '#c8757a'];

const BODY_WIDTH: Record<BodyType, { shoulder: number; waist: number; hip: number; bust: number }> = {
  slim: { shoulder: 1.3, waist: 0.72, hip: 0.98, bust: 1.05 },
  athletic: { shoulder: 1.5, waist: 0.85, hip: 1.05, bust: 1.15 },
  average: { shoulder: 1.42, waist: 0.95, hip: 1.15, bust: 1.2 },
  curvy: { shoulder: 1.42, waist: 0.85, hip: 1.4, bust: 1.38 },
};

function figureFor(spec: PortraitSpec, rnd: Random): Figure {
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

function paletteFor(spec: PortraitSpec, rnd: Random): Palette {
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

function backgroundSvg(background: Background, rnd: Random, id: string): string {
  const parts: string[] = [];
  const grad = (top: string, bottom: string): string =>
    `<linearGradient id="${id}-bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient>`;
  switch (background) {
    case 'studio': {
      const hue = rnd.int(0, 359);
      parts.push(
        `<defs><radialGradient id="${id}-bg" cx="0.5" cy="0.35" r="0.8"><stop offset="0" stop-color="hsl(${hue},35%,78%)"/><stop offset="1" stop-color="hsl(${hue},30%,38%)"/></radialGradient></defs>`,
        `<rect width="${W}" height="${H}" fill="url(#${id}-bg)"/>`,
      );
      break;
    }
    case 'beach':
      parts.push(
        `<defs>${grad('#7ec8f0', '#d8f0fb')}</defs>`,
        `<rect width="${W}" height="${H}" fill="url(#${id}-bg)"/>`,
        `<circle cx="${n(rnd.range(60, 450))}" cy="110" r="38" fill="#fff6c8" opacity="0.9"/>`,
        `<rect y="430" width="${W}" height="120" fill="#2f8fbf"/>`,
        `<path d="M0 470 Q128 455 256 470 T512 470" stroke="#e6f7ff" stroke-width="4" fill="none" opacity="0.7"/>`,
        `<rect y="540" width="${W}" height="${H - 540}" fill="#eed9a8"/>`,
      );
      break;
    case 'city-night': {
      parts.push(
        `<defs>${grad('#0c1030', '#3a2458')}</defs>`,
        `<rect width="${W}" height="${H}" fill="url(#${id}-bg)"/>`,
      );
      let x = -10;
      while (x < W) {
        const bw = rnd.int(40, 90);
        const bh = rnd.int(180, 480);
        parts.push(`<rect x="${x}" y="${H - bh}" width="${bw}" height="${bh}" fill="#161a3a"/>`);
        for (let wy = H - bh + 14; wy < H - 10; wy += 22) {
          for (let wx = x + 8; wx < x + bw - 10; wx += 16) {
            if (rnd.chance(0.35))
              parts.push(
                `<rect x="${wx}" y="${wy}" width="7" height="10" fill="#ffd97a" opacity="${n(rnd.range(0.5, 0.95))}"/>`,
              );
          }
        }
        x += bw + rnd.int(4, 14);
      }
      break;
    }
    case 'bedroom':
      parts.push(
        `<defs>${grad('#e9d6c8', '#c9a996')}</defs>`,
        `<rect width="${W}" height="${H}" fill="url(#${id}-bg)"/>`,
        `<rect x="${n(rnd.range(300, 380))}" y="70" width="110" height="150" rx="6" fill="#bfe0f2" stroke="#fff" stroke-width="8"/>`,
        `<rect y="560" width="${W}" height="${H - 560}" fill="#f4ece6"/>`,
        `<rect y="548" width="${W}" height="26" rx="10" fill="#d7c2b4"/>`,
      );
      break;
    case 'park':
      parts.push(
        `<defs>${grad('#9fd3f5', '#eaf7ff')}</defs>`,
        `<rect width="${W}" height="${H}" fill="url(#${id}-bg)"/>`,
      );
      for (let i = 0; i < 5; i += 1) {
        const tx = rnd.range(0, W);
        parts.push(
          `<circle cx="${n(tx)}" cy="${n(rnd.range(330, 420))}" r="${n(rnd.range(50, 90))}" fill="#4f8f4a" opacity="0.85"/>`,
        );
      }
      parts.push(`<path d="M0 470 Q256 420 512 470 L512 768 L0 768 Z" fill="#79b35c"/>`);
      break;
    case 'sunset':
      parts.push(
        `<defs><linearGradient id="${id}-bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#3b2a6b"/><stop offset="0.55" stop-color="#f08a5d"/><stop offset="1" stop-color="#ffd18a"/></linearGradient></defs>`,
        `<rect width="${W}" height="${H}" fill="url(#${id}-bg)"/>`,
        `<circle cx="${n(rnd.range(80, 430))}" cy="470" r="70" fill="#ffe3a3" opacity="0.85"/>`,
        `<rect y="520" width="${W}" height="${H - 520}" fill="#5a3b62" opacity="0.6"/>`,
      );
      break;
    case 'cafe':
      parts.push(
        `<defs>${grad('#6b4a36', '#3a271c')}</defs>`,
        `<rect width="${W}" height="${H}" fill="url(#${id}-bg)"/>`,
        ...Array.from(
          { length: 4 },
          (_, i) =>
            `<circle cx="${60 + i * 130}" cy="${n(rnd.range(60, 120))}" r="14" fill="#ffd58a" opacity="0.8"/>`,
        ),
        `<rect x="0" y="600" width="${W}" height="20" fill="#8a6246"/>`,
      );
      break;
  }
  return parts.join('');
}

/** Hair drawn behind the head and body. */
function hairBack(spec: PortraitSpec, f: Figure, id: string, rnd: Random): string {
  const { cx, cy, r } = f;
  const fill = `url(#${id}-hair)`;
  const top = cy - 1.18 * r;
  switch (spec.hairStyle) {
    case 'long-straight':
      return `<path d="M${n(cx - 1.0 * r)} ${n(cy - 0.2 * r)} Q${n(cx - 1.12 * r)} ${n(top)} ${n(cx)} ${n(top)} Q${n(cx + 1.12 * r)} ${n(top)} ${n(cx + 1.0 * r)} ${n(cy - 0.2 * r)} L${n(cx + 1.12 * r)} ${n(cy + 3.3 * r)} L${n(cx - 1.12 * r)} ${n(cy + 3.3 * r)} Z" fill="${fill}"/>`;
    case 'long-wavy': {
      let d = `M${n(cx - 1.02 * r)} ${n(cy - 0.2 * r)} Q${n(cx - 1.15 * r)} ${n(top)} ${n(cx)} ${n(top)} Q${n(cx + 1.15 * r)} ${n(top)} ${n(cx + 1.02 * r)} ${n(cy - 0.2 * r)}`;
      for (let i = 1; i <= 6; i += 1)
        d += ` Q${n(cx + (i % 2 ? 1.38 : 1.0) * r)} ${n(cy + (i - 0.5) * 0.55 * r)} ${n(cx + 1.15 * r)} ${n(cy + i * 0.55 * r)}`;
      d += ` L${n(cx - 1.15 * r)} ${n(cy + 3.3 * r)}`;
      for (let i = 5; i >= 0; i -= 1)
        d += ` Q${n(cx - (i % 2 ? 1.0 : 1.38) * r)} ${n(cy + (i + 0.5) * 0.55 * r)} ${n(cx - 1.05 * r)} ${n(cy + i * 0.55 * r)}`;
      return `<path d="${d} Z" fill="${fill}"/>`;
    }
    case 'curly': {
      const blobs: string[] = [];
      for (let i = 0; i < 22; i += 1) {
        const a = (Math.PI * 2 * i) / 22;
        const rad = r * rnd.range(0.98, 1.18);
        const by = cy + Math.sin(a) * rad * 1.1;
        blobs.push(
          `<circle cx="${n(cx + Math.cos(a) * rad)}" cy="${n(by < cy + 1.5 * r ? by : cy + 1.5 * r)}" r="${n(r * rnd.range(0.32, 0.42))}" fill="${fill}"/>`,
        );
      }
      return blobs.join('');
    }
    case 'bob':
      return `<path d="M${n(cx - 1.02 * r)} ${n(cy)} Q${n(cx - 1.12 * r)} ${n(top)} ${n(cx)} ${n(top)} Q${n(cx + 1.12 * r)} ${n(top)} ${n(cx + 1.02 * r)} ${n(cy)} L${n(cx + 1.05 * r)} ${n(cy + 0.95 * r)} Q${n(cx)} ${n(cy + 1.1 * r)} ${n(cx - 1.05 * r)} ${n(cy + 0.95 * r)} Z" fill="${fill}"/>`;
    case 'pixie':
      return `<ellipse cx="${n(cx)}" cy="${n(cy - 0.25 * r)}" rx="${n(0.95 * r)}" ry="${n(0.98 * r)}" fill="${fill}"/>`;
    case 'ponytail':
      return `<ellipse cx="${n(cx)}" cy="${n(cy - 0.2 * r)}" rx="${n(0.94 * r)}" ry="${n(1.0 * r)}" fill="${fill}"/><path d="M${n(cx + 0.5 * r)} ${n(cy - 0.9 * r)} Q${n(cx + 1.6 * r)} ${n(cy - 0.4 * r)} ${n(cx + 1.1 * r)} ${n(cy + 2.4 * r)} Q${n(cx + 0.9 * r)} ${n(cy + 0.6 * r)} ${n(cx + 0.4 * r)} ${n(cy - 0.5 * r)} Z" fill="${fill}"/>`;
    case 'bun':
      return `<ellipse cx="${n(cx)}" cy="${n(cy - 0.2 * r)}" rx="${n(0.94 * r)}" ry="${n(1.0 * r)}" fill="${fill}"/><circle cx="${n(cx)}" cy="${n(cy - 1.28 * r)}" r="${n(0.45 * r)}" fill="${fill}"/>`;
    case 'braids': {
      const links: string[] = [
        `<ellipse cx="${n(cx)}" cy="${n(cy - 0.2 * r)}" rx="${n(0.96 * r)}" ry="${n(1.02 * r)}" fill="${fill}"/>`,
      ];
      for (const side of [-1, 1]) {
        for (let i = 0; i < 7; i += 1)
          links.push(
            `<ellipse cx="${n(cx + side * 0.92 * r)}" cy="${n(cy + 0.3 * r + i * 0.38 * r)}" rx="${n(0.17 * r)}" ry="${n(0.24 * r)}" fill="${fill}" stroke="${'#00000022'}"/>`,
          );
      }
      return links.join('');
    }
    case 'twintails':
      return [-1, 1]
        .map(
          (side) =>
            `<path d="M${n(cx + side * 0.75 * r)} ${n(cy - 0.8 * r)} Q${n(cx + side * 2.0 * r)} ${n(cy - 0.4 * r)} ${n(cx + side * 1.5 * r)} ${n(cy + 2.6 * r)} Q${n(cx + side * 1.1 * r)} ${n(cy + 0.8 * r)} ${n(cx + side * 0.7 * r)} ${n(cy - 0.3 * r)} Z" fill="${fill}"/>`,
        )
        .join('')
        .concat(
          `<ellipse cx="${n(cx)}" cy="${n(cy - 0.2 * r)}" rx="${n(0.95 * r)}" ry="${n(1.0 * r)}" fill="${fill}"/>`,
        );
  }
}

/** Body from the neck down; legs only where the pose shows them. */
function bodySvg(spec: PortraitSpec, f: Figure, p: Palette, id: string, rnd: Random): string {
  const { cx, cy, r } = f;
  const w = BODY_WIDTH[spec.bodyType];
  const anime = spec.style === 'anime' ? 0.92 : 1;
  const sh = w.shoulder * r * anime;
  const bu = w.bust * r * anime;
  const wa = w.waist * r * anime;
  const hi = w.hip * r * anime;
  const yShoulder = cy + 1.55 * r;
  const yBust = cy + 2.6 * r;
  const yWaist = cy + 4.1 * r;
  const yHip = cy + 5.1 * r;
  const yCrotch = cy + 5.9 * r;
  const out: string[] = [];
  // Neck.
  out.push(
    `<path d="M${n(cx - 0.28 * r)} ${n(cy + 0.6 * r)} L${n(cx - 0.3 * r)} ${n(yShoulder + 0.1 * r)} L${n(cx + 0.3 * r)} ${n(yShoulder + 0.1 * r)} L${n(cx + 0.28 * r)} ${n(cy + 0.6 * r)} Z" fill="${p.skinShade}"/>`,
  );
  // Arms behind the torso.
  const armEnd = spec.pose === 'sitting' ? yHip + 0.6 * r : yHip + 0.3 * r;
  for (const side of [-1, 1]) {
    out.push(
      `<path d="M${n(cx + side * (sh - 0.15 * r))} ${n(yShoulder + 0.1 * r)} Q${n(cx + side * (sh + 0.35 * r))} ${n(yBust)} ${n(cx + side * (hi + 0.25 * r))} ${n(armEnd)}" stroke="${p.skin}" stroke-width="${n(0.42 * r)}" stroke-linecap="round" fill="none"/>`,
      `<ellipse cx="${n(cx + side * (hi + 0.25 * r))}" cy="${n(armEnd + 0.22 * r)}" rx="${n(0.17 * r)}" ry="${n(0.26 * r)}" fill="${p.skinShade}"/>`,
    );
  }
  // Legs.
  if (spec.pose === 'standing') {
    const yFoot = cy + 14.2 * r;
    const yKnee = cy + 10 * r;
    for (const side of [-1, 1]) {
      out.push(
        `<path d="M${n(cx + side * 0.1 * r)} ${n(yCrotch)} L${n(cx + side * (hi - 0.05 * r))} ${n(yHip)} Q${n(cx + side * 0.85 * r)} ${n(yKnee - 1.5 * r)} ${n(cx + side * 0.55 * r)} ${n(yKnee)} L${n(cx + side * 0.42 * r)} ${n(yFoot)} L${n(cx + side * 0.12 * r)} ${n(yFoot)} Q${n(cx + side * 0.1 * r)} ${n(yKnee)} ${n(cx + side * 0.05 * r)} ${n(yCrotch)} Z" fill="${p.skin}"/>`,
        `<ellipse cx="${n(cx + side * 0.34 * r)}" cy="${n(yFoot)}" rx="${n(0.3 * r)}" ry="${n(0.12 * r)}" fill="${p.outfitShade}"/>`,
      );
    }
  } else if (spec.pose === 'sitting') {
    const seatY = yHip + 0.4 * r;
    out.push(
      `<rect x="${n(cx - 2.4 * r)}" y="${n(seatY)}" width="${n(6.2 * r)}" height="${n(1.2 * r)}" rx="${n(0.3 * r)}" fill="#00000033"/>`,
    );
    for (const dy of [0, 0.35 * r]) {
      out.push(
        `<path d="M${n(cx - 0.4 * r)} ${n(yHip + dy)} L${n(cx + 3.2 * r)} ${n(yHip + dy - 0.1 * r)} L${n(cx + 3.0 * r)} ${n(yHip + dy + 4.2 * r)}" stroke="${p.skin}" stroke-width="${n(0.62 * r)}" stroke-linejoin="round" stroke-linecap="round" fill="none"/>`,
      );
    }
  }
  // Torso with outfit; a dress reaches the thighs, a top stops at the waist.
  const dress = rnd.chance(0.5);
  const torso = `M${n(cx - sh)} ${n(yShoulder + 0.15 * r)} Q${n(cx - sh - 0.05 * r)} ${n(yBust - 0.3 * r)} ${n(cx - bu)} ${n(yBust)} Q${n(cx - wa - 0.1 * r)} ${n((yBust + yWaist) / 2)} ${n(cx - wa)} ${n(yWaist)} Q${n(cx - hi)} ${n(yHip - 0.3 * r)} ${n(cx - hi)} ${n(yHip)} L${n(cx - hi * 0.9)} ${n(yCrotch + 0.3 * r)} L${n(cx + hi * 0.9)} ${n(yCrotch + 0.3 * r)} L${n(cx + hi)} ${n(yHip)} Q${n(cx + hi)} ${n(yHip - 0.3 * r)} ${n(cx + wa)} ${n(yWaist)} Q${n(cx + wa + 0.1 * r)} ${n((yBust + yWaist) / 2)} ${n(cx + bu)} ${n(yBust)} Q${n(cx + sh + 0.05 * r)} ${n(yBust - 0.3 * r)} ${n(cx + sh)} ${n(yShoulder + 0.15 * r)} Q${n(cx)} ${n(yShoulder - 0.25 * r)} ${n(cx - sh)} ${n(yShoulder + 0.15 * r)} Z`;
  out.push(`<path d="${torso}" fill="${p.skin}"/>`);
  const neckline = f.back ? yShoulder + 0.1 * r : yShoulder + rnd.range(0.35, 0.75) * r;
  // Cropped poses run the clothes off the bottom edge instead of ending mid-air.
  const cropped = spec.pose === 'portrait' || spec.pose === 'waist-up' || spec.pose === 'over-shoulder';
  const floor = cropped ? H + 20 : 0;
  const bottom = dress
    ? Math.max(spec.pose === 'standing' ? cy + 7.6 * r : yCrotch + 0.6 * r, floor)
    : yWaist + 0.3 * r;
  const legsBottom = Math.max(yCrotch + 0.4 * r, floor);
  const hem = dress ? hi * 1.15 : wa * 1.05;
  const frame: Frame = {
    cx,
    cy,
    r,
    sh,
    bu,
    wa,
    hi,
    yShoulder,
    yBust,
    yWaist,
    yHip,
    yCrotch,
    floor,
    legsBottom,
  };
  if (spec.outfit) out.push(...outfitSvg(spec, spec.outfit, frame, neckline, p, id));
  else {
    out.push(
      `<path d="M${n(cx - sh + 0.2 * r)} ${n(yShoulder + 0.2 * r)} L${n(cx - 0.35 * r)} ${n(yShoulder + 0.05 * r)} Q${n(cx)} ${n(neckline)} ${n(cx + 0.35 * r)} ${n(yShoulder + 0.05 * r)} L${n(cx + sh - 0.2 * r)} ${n(yShoulder + 0.2 * r)} Q${n(cx + bu + 0.02 * r)} ${n(yBust - 0.2 * r)} ${n(cx + bu)} ${n(yBust)} Q${n(cx + wa)} ${n(yWaist - 0.4 * r)} ${n(cx + wa)} ${n(yWaist)} L${n(cx + hem)} ${n(bottom)} L${n(cx - hem)} ${n(bottom)} L${n(cx - wa)} ${n(yWaist)} Q${n(cx - wa)} ${n(yWaist - 0.4 * r)} ${n(cx - bu)} ${n(yBust)} Q${n(cx - bu - 0.02 * r)} ${n(yBust - 0.2 * r)} ${n(cx - sh + 0.2 * r)} ${n(yShoulder + 0.2 * r)} Z" fill="url(#${id}-cloth)"/>`,
    );
    if (!dress) {
      out.push(
        `<path d="M${n(cx - wa - 0.05 * r)} ${n(yWaist + 0.25 * r)} L${n(cx + wa + 0.05 * r)} ${n(yWaist + 0.25 * r)} L${n(cx + hi + 0.05 * r)} ${n(legsBottom)} L${n(cx - hi - 0.05 * r)} ${n(legsBottom)} Z" fill="${p.outfitShade}"/>`,
      );
    }
  }
  if (!f.back && rnd.chance(0.6)) {
    // Necklace.
    out.push(
      `<path d="M${n(cx - 0.32 * r)} ${n(yShoulder)} Q${n(cx)} ${n(yShoulder + 0.55 * r)} ${n(cx + 0.32 * r)} ${n(yShoulder)}" stroke="${p.accent}" stroke-width="${n(Math.max(1, 0.03 * r))}" fill="none"/>`,
    );
  }
  return out.join('');
}

/** Where the body is: the figure's centre and scale, half-widths and heights of the torso, where clothes end. */
interface Frame {
  cx: number;
  cy: number;
  r: number;
  sh: number;
  bu: number;
  wa: number;
  hi: number;
  yShoulder: number;
  yBust: number;
  yWaist: number;
  yHip: number;
  yCrotch: number;
  /** Below the picture's bottom edge for cropped poses, else 0. */
  floor: number;
  legsBottom: number;
}

/** Clothes from the shoulders down to `bottom` (a top, a dress or a gown), flaring to `hem` half-width. */
function garment(g: Frame, neck: number, bottom: number, hem: number, fill: string): string {
  const { cx, r, sh, bu, wa, yShoulder, yBust, yWaist } = g;
  const end = bottom <= yWaist ? (bu + wa) / 2 : hem;
  const waist = bottom <= yWaist ? '' : ` Q${n(cx + wa)} ${n(yWaist - 0.4 * r)} ${n(cx + wa)} ${n(yWaist)}`;
  const waistBack =
    bottom <= yWaist ? '' : ` L${n(cx - wa)} ${n(yWaist)} Q${n(cx - wa)} ${n(yWaist - 0.4 * r)}`;
  const back = bottom <= yWaist ? ` L${n(cx - bu)} ${n(yBust)}` : `${waistBack} ${n(cx - bu)} ${n(yBust)}`;
  return `<path d="M${n(cx - sh + 0.2 * r)} ${n(yShoulder + 0.2 * r)} L${n(cx - 0.35 * r)} ${n(yShoulder + 0.05 * r)} Q${n(cx)} ${n(neck)} ${n(cx + 0.35 * r)} ${n(yShoulder + 0.05 * r)} L${n(cx + sh - 0.2 * r)} ${n(yShoulder + 0.2 * r)} Q${n(cx + bu + 0.02 * r)} ${n(yBust - 0.2 * r)} ${n(cx + bu)} ${n(yBust)}${waist} L${n(cx + end)} ${n(bottom)} L${n(cx - end)} ${n(bottom)}${back} Q${n(cx - bu - 0.02 * r)} ${n(yBust - 0.2 * r)} ${n(cx - sh + 0.2 * r)} ${n(yShoulder + 0.2 * r)} Z" fill="${fill}"/>`;
}

/** Trousers or leggings: over the legs the pose shows, ending `short` radii above the feet. */
function legWear(spec: PortraitSpec, g: Frame, fill: string, short: number): string[] {
  const { cx, cy, r, hi, wa, yWaist, yHip, yCrotch, legsBottom } = g;
  const seat = `<path d="M${n(cx - wa - 0.05 * r)} ${n(yWaist + 0.25 * r)} L${n(cx + wa + 0.05 * r)} ${n(yWaist + 0.25 * r)} L${n(cx + hi + 0.05 * r)} ${n(Math.max(yCrotch + 0.4 * r, spec.pose === 'standing' || spec.pose === 'sitting' ? 0 : legsBottom))} L${n(cx - hi - 0.05 * r)} ${n(Math.max(yCrotch + 0.4 * r, spec.pose === 'standing' || spec.pose === 'sitting' ? 0 : legsBottom))} Z" fill="${fill}"/>`;
  const out = [seat];
  if (spec.pose === 'standing') {
    const yKnee = cy + 10 * r;
    const yEnd = cy + (14.2 - short) * r;
    for (const side of [-1, 1]) {
      out.push(
        `<path d="M${n(cx + side * 0.05 * r)} ${n(yCrotch - 0.4 * r)} L${n(cx + side * (hi + 0.02 * r))} ${n(yHip)} Q${n(cx + side * 0.9 * r)} ${n(yKnee - 1.5 * r)} ${n(cx + side * 0.6 * r)} ${n(yKnee)} L${n(cx + side * 0.47 * r)} ${n(yEnd)} L${n(cx + side * 0.08 * r)} ${n(yEnd)} Q${n(cx + side * 0.06 * r)} ${n(yKnee)} ${n(cx + side * 0.02 * r)} ${n(yCrotch)} Z" fill="${fill}"/>`,
      );
    }
  } else if (spec.pose === 'sitting') {
    for (const dy of [0, 0.35 * r]) {
      out.push(
        `<path d="M${n(cx - 0.4 * r)} ${n(yHip + dy)} L${n(cx + 3.2 * r)} ${n(yHip + dy - 0.1 * r)} L${n(cx + 3.03 * r)} ${n(yHip + dy + (4.2 - short) * r)}" stroke="${fill}" stroke-width="${n(0.7 * r)}" stroke-linejoin="round" stroke-linecap="round" fill="none"/>`,
      );
    }
  }
  return out;
}

/** The clothes of a chosen outfit (ADR 0227); the main colour is the palette's (`url(#id-cloth)`). */
function outfitSvg(
  spec: PortraitSpec,
  outfit: Outfit,
  g: Frame,
  neckline: number,
  p: Palette,
  id: string,
): string[] {
  const { cx, cy, r, sh, bu, wa, hi, yShoulder, yBust, yWaist, yHip, yCrotch, floor } = g;
  const cloth = `url(#${id}-cloth)`;
  const standing = spec.pose === 'standing';
  switch (outfit) {
    case 'casual':
      // A T-shirt with short sleeves over jeans.
      return [
        ...legWear(spec, g, DENIM, 0.35),
        garment(g, yShoulder + 0.45 * r, yWaist + 0.35 * r, wa * 1.08, cloth),
        ...[-1, 1].map(
          (side) =>
            `<path d="M${n(cx + side * (sh - 0.35 * r))} ${n(yShoulder + 0.05 * r)} Q${n(cx + side * (sh + 0.25 * r))} ${n(yShoulder + 0.1 * r)} ${n(cx + side * (sh + 0.38 * r))} ${n(yShoulder + 1.05 * r)} L${n(cx + side * (sh - 0.05 * r))} ${n(yShoulder + 1.2 * r)} Z" fill="${p.outfitShade}"/>`,
        ),
      ];
    case 'dress':
      // A flared dress to the knee.
      return [
        garment(g, neckline, Math.max(standing ? cy + 9.2 * r : yCrotch + 1.4 * r, floor), hi * 1.35, cloth),
        `<path d="M${n(cx - wa)} ${n(yWaist)} L${n(cx + wa)} ${n(yWaist)}" stroke="${p.outfitShade}" stroke-width="${n(0.18 * r)}"/>`,
      ];
    case 'sporty':
      // A crop top and leggings with a side stripe.
      return [
        ...legWear(spec, g, LEGGINGS, 0.6),
        ...(standing
          ? [-1, 1].map(
              (side) =>
                `<path d="M${n(cx + side * (hi + 0.02 * r))} ${n(yHip)} Q${n(cx + side * 0.9 * r)} ${n(cy + 8.5 * r)} ${n(cx + side * 0.6 * r)} ${n(cy + 10 * r)} L${n(cx + side * 0.47 * r)} ${n(cy + 13.6 * r)}" stroke="${p.outfit}" stroke-width="${n(0.09 * r)}" fill="none"/>`,
            )
          : []),
        garment(g, yShoulder + 0.7 * r, yBust + 0.75 * r, bu, cloth),
      ];
    case 'business': {
      // A white shirt under an open blazer, with a pencil skirt.
      const skirtEnd = Math.max(standing ? cy + 8.6 * r : yCrotch + 1 * r, floor);
      return [
        `<path d="M${n(cx - wa - 0.05 * r)} ${n(yWaist + 0.2 * r)} L${n(cx + wa + 0.05 * r)} ${n(yWaist + 0.2 * r)} L${n(cx + hi * 0.95)} ${n(skirtEnd)} L${n(cx - hi * 0.95)} ${n(skirtEnd)} Z" fill="${p.outfitShade}"/>`,
        garment(g, yShoulder + 0.3 * r, yWaist + 0.4 * r, wa * 1.05, SHIRT),
        ...[-1, 1].map(
          (side) =>
            `<path d="M${n(cx + side * 0.3 * r)} ${n(yShoulder + 0.02 * r)} L${n(cx + side * (sh - 0.15 * r))} ${n(yShoulder + 0.2 * r)} Q${n(cx + side * (bu + 0.08 * r))} ${n(yBust - 0.2 * r)} ${n(cx + side * (bu + 0.02 * r))} ${n(yBust)} Q${n(cx + side * (wa + 0.05 * r))} ${n(yWaist - 0.4 * r)} ${n(cx + side * (wa + 0.12 * r))} ${n(yHip - 0.2 * r)} L${n(cx + side * 0.12 * r)} ${n(yHip - 0.2 * r)} L${n(cx + side * 0.1 * r)} ${n(yWaist)} L${n(cx + side * 0.28 * r)} ${n(yBust - 0.1 * r)} Z" fill="${cloth}"/>`,
        ),
        `<circle cx="${n(cx + 0.18 * r)}" cy="${n(yWaist - 0.1 * r)}" r="${n(0.06 * r)}" fill="${p.accent}"/>`,
      ];
    }
    case 'evening': {
      // A strapless gown to the floor with a sheen.
      const bottom = Math.max(standing ? cy + 14.4 * r : yCrotch + 1.6 * r, floor);
      const neck = yShoulder + 0.75 * r;
      return [
        ...(spec.pose === 'sitting' ? legWear(spec, g, p.outfitShade, -0.2) : []),
        `<path d="M${n(cx - bu * 0.95)} ${n(neck)} Q${n(cx)} ${n(neck + 0.25 * r)} ${n(cx + bu * 0.95)} ${n(neck)} Q${n(cx + bu + 0.04 * r)} ${n(yBust)} ${n(cx + wa)} ${n(yWaist)} Q${n(cx + hi)} ${n(yHip)} ${n(cx + hi * 1.5)} ${n(bottom)} L${n(cx - hi * 1.5)} ${n(bottom)} Q${n(cx - hi)} ${n(yHip)} ${n(cx - wa)} ${n(yWaist)} Q${n(cx - bu - 0.04 * r)} ${n(yBust)} ${n(cx - bu * 0.95)} ${n(neck)} Z" fill="${cloth}"/>`,
        `<path d="M${n(cx + 0.25 * r)} ${n(yWaist + 0.4 * r)} Q${n(cx + hi * 0.7)} ${n(yHip + 1.5 * r)} ${n(cx + hi * 0.9)} ${n(Math.min(bottom, yHip + 4 * r))}" stroke="#ffffff" stroke-opacity="0.18" stroke-width="${n(0.25 * r)}" fill="none"/>`,
      ];
    }
    case 'swimwear':
      // A bikini: two cups on a band, and the bottoms.
      return [
        `<path d="M${n(cx - hi * 0.98)} ${n(yHip - 0.25 * r)} Q${n(cx)} ${n(yHip + 0.05 * r)} ${n(cx + hi * 0.98)} ${n(yHip - 0.25 * r)} L${n(cx + 0.3 * r)} ${n(yCrotch + 0.35 * r)} L${n(cx - 0.3 * r)} ${n(yCrotch + 0.35 * r)} Z" fill="${cloth}"/>`,
        ...[-1, 1].map(
          (side) =>
            `<path d="M${n(cx + side * 0.08 * r)} ${n(yBust + 0.25 * r)} L${n(cx + side * (bu - 0.05 * r))} ${n(yBust + 0.25 * r)} L${n(cx + side * 0.45 * r)} ${n(yBust - 0.75 * r)} Z" fill="${cloth}"/>` +
            `<path d="M${n(cx + side * 0.45 * r)} ${n(yBust - 0.75 * r)} L${n(cx + side * 0.3 * r)} ${n(yShoulder + 0.05 * r)}" stroke="${p.outfitShade}" stroke-width="${n(0.05 * r)}"/>`,
        ),
        `<path d="M${n(cx - bu + 0.05 * r)} ${n(yBust + 0.25 * r)} L${n(cx + bu - 0.05 * r)} ${n(yBust + 0.25 * r)}" stroke="${p.outfitShade}" stroke-width="${n(0.08 * r)}"/>`,
      ];
  }
}

function faceSvg(spec: PortraitSpec, f: Figure, p: Palette, id: string, rnd: Random): string {
  const { cx, cy, r } = f;
  const anime = spec.style === 'anime';
  const out: string[] = [];
  // Ears sit behind the face outline.
  for (const side of [-1, 1])
    out.push(
      `<ellipse cx="${n(cx + side * 0.8 * r)}" cy="${n(cy + 0.1 * r)}" rx="${n(0.13 * r)}" ry="${n(0.2 * r)}" fill="${p.skinShade}"/>`,
    );
  const chinY = cy + (anime ? 0.98 : 1.02) * r;
  const face = anime
    ? `M${n(cx - 0.8 * r)} ${n(cy - 0.2 * r)} C${n(cx - 0.82 * r)} ${n(cy + 0.3 * r)} ${n(cx - 0.6 * r)} ${n(cy + 0.6 * r)} ${n(cx - 0.12 * r)} ${n(chinY - 0.04 * r)} Q${n(cx)} ${n(chinY + 0.03 * r)} ${n(cx + 0.12 * r)} ${n(chinY - 0.04 * r)} C${n(cx + 0.6 * r)} ${n(cy + 0.6 * r)} ${n(cx + 0.82 * r)} ${n(cy + 0.3 * r)} ${n(cx + 0.8 * r)} ${n(cy - 0.2 * r)} C${n(cx + 0.8 * r)} ${n(cy - 0.95 * r)} ${n(cx + 0.45 * r)} ${n(cy - 1.05 * r)} ${n(cx)} ${n(cy - 1.05 * r)} C${n(cx - 0.45 * r)} ${n(cy - 1.05 * r)} ${n(cx - 0.8 * r)} ${n(cy - 0.95 * r)} ${n(cx - 0.8 * r)} ${n(cy - 0.2 * r)} Z`
    : `M${n(cx - 0.76 * r)} ${n(cy - 0.1 * r)} C${n(cx - 0.78 * r)} ${n(cy + 0.55 * r)} ${n(cx - 0.36 * r)} ${n(chinY)} ${n(cx)} ${n(chinY)} C${n(cx + 0.36 * r)} ${n(chinY)} ${n(cx + 0.78 * r)} ${n(cy + 0.55 * r)} ${n(cx + 0.76 * r)} ${n(cy - 0.1 * r)} C${n(cx + 0.76 * r)} ${n(cy - 0.9 * r)} ${n(cx + 0.45 * r)} ${n(cy - 1.06 * r)} ${n(cx)} ${n(cy - 1.06 * r)} C${n(cx - 0.45 * r)} ${n(cy - 1.06 * r)} ${n(cx - 0.76 * r)} ${n(cy - 0.9 * r)} ${n(cx - 0.76 * r)} ${n(cy - 0.1 * r)} Z`;
  out.push(`<path d="${face}" fill="url(#${id}-skin)"/>`);
  const fx = cx + f.turn * r;
  const eyeY = cy + (anime ? 0.18 : 0.08) * r;
  const gap = (anime ? 0.36 : 0.33) * r;
  for (const side of [-1, 1]) {
    const ex = fx + side * gap * (1 - side * f.turn * 0.6);
    if (anime) {
      out.push(
        `<ellipse cx="${n(ex)}" cy="${n(eyeY)}" rx="${n(0.17 * r)}" ry="${n(0.2 * r)}" fill="#ffffff"/>`,
        `<ellipse cx="${n(ex)}" cy="${n(eyeY + 0.02 * r)}" rx="${n(0.13 * r)}" ry="${n(0.18 * r)}" fill="url(#${id}-iris)"/>`,
        `<ellipse cx="${n(ex)}" cy="${n(eyeY + 0.04 * r)}" rx="${n(0.06 * r)}" ry="${n(0.09 * r)}" fill="#120c14"/>`,
        `<circle cx="${n(ex - 0.05 * r)}" cy="${n(eyeY - 0.06 * r)}" r="${n(0.045 * r)}" fill="#ffffff"/>`,
        `<circle cx="${n(ex + 0.05 * r)}" cy="${n(eyeY + 0.08 * r)}" r="${n(0.022 * r)}" fill="#ffffff" opacity="0.85"/>`,
        `<path d="M${n(ex - 0.2 * r)} ${n(eyeY - 0.12 * r)} Q${n(ex)} ${n(eyeY - 0.3 * r)} ${n(ex + 0.21 * r)} ${n(eyeY - 0.1 * r)}" stroke="#1b1218" stroke-width="${n(0.05 * r)}" stroke-linecap="round" fill="none"/>`,
        `<path d="M${n(ex - 0.15 * r)} ${n(eyeY - 0.36 * r)} Q${n(ex)} ${n(eyeY - 0.44 * r)} ${n(ex + 0.16 * r)} ${n(eyeY - 0.36 * r)}" stroke="${p.hair}" stroke-width="${n(0.03 * r)}" stroke-linecap="round" fill="none"/>`,
      );
    } else {
      out.push(
        `<path d="M${n(ex - 0.17 * r)} ${n(eyeY)} Q${n(ex)} ${n(eyeY - 0.12 * r)} ${n(ex + 0.17 * r)} ${n(eyeY)} Q${n(ex)} ${n(eyeY + 0.08 * r)} ${n(ex - 0.17 * r)} ${n(eyeY)} Z" fill="#fbf7f4"/>`,
        `<circle cx="${n(ex)}" cy="${n(eyeY - 0.01 * r)}" r="${n(0.075 * r)}" fill="url(#${id}-iris)"/>`,
        `<circle cx="${n(ex)}" cy="${n(eyeY - 0.01 * r)}" r="${n(0.033 * r)}" fill="#120c0a"/>`,
        `<circle cx="${n(ex - 0.025 * r)}" cy="${n(eyeY - 0.035 * r)}" r="${n(0.015 * r)}" fill="#ffffff"/>`,
        `<path d="M${n(ex - 0.19 * r)} ${n(eyeY + 0.01 * r)} Q${n(ex)} ${n(eyeY - 0.15 * r)} ${n(ex + 0.19 * r)} ${n(eyeY - 0.01 * r)}" stroke="#2a1a16" stroke-width="${n(0.028 * r)}" stroke-linecap="round" fill="none"/>`,
        `<path d="M${n(ex - 0.2 * r)} ${n(eyeY - 0.2 * r)} Q${n(ex)} ${n(eyeY - 0.3 * r)} ${n(ex + 0.2 * r)} ${n(eyeY - 0.21 * r)}" stroke="${p.hair}" stroke-width="${n(0.045 * r)}" stroke-linecap="round" fill="none"/>`,
      );
    }
    out.push(
      `<ellipse cx="${n(ex + side * 0.05 * r)}" cy="${n(cy + 0.42 * r)}" rx="${n(0.14 * r)}" ry="${n(0.07 * r)}" fill="#ff7a8a" opacity="${anime ? 0.35 : 0.16}"/>`,
    );
  }
  if (anime) {
    out.push(
      `<path d="M${n(fx + 0.01 * r)} ${n(cy + 0.45 * r)} l${n(-0.025 * r)} ${n(0.04 * r)}" stroke="${p.skinShade}" stroke-width="${n(0.025 * r)}" stroke-linecap="round"/>`,
    );
    const open = rnd.chance(0.4);
    out.push(
      open
        ? `<path d="M${n(fx - 0.1 * r)} ${n(cy + 0.66 * r)} Q${n(fx)} ${n(cy + 0.8 * r)} ${n(fx + 0.1 * r)} ${n(cy + 0.66 * r)} Z" fill="#a8394c"/>`
        : `<path d="M${n(fx - 0.09 * r)} ${n(cy + 0.67 * r)} Q${n(fx)} ${n(cy + 0.73 * r)} ${n(fx + 0.09 * r)} ${n(cy + 0.67 * r)}" stroke="#8a2c3c" stroke-width="${n(0.025 * r)}" stroke-linecap="round" fill="none"/>`,
    );
  } else {
    out.push(
      `<path d="M${n(fx - 0.02 * r)} ${n(cy + 0.12 * r)} Q${n(fx - 0.07 * r)} ${n(cy + 0.38 * r)} ${n(fx - 0.09 * r)} ${n(cy + 0.44 * r)} Q${n(fx)} ${n(cy + 0.5 * r)} ${n(fx + 0.09 * r)} ${n(cy + 0.44 * r)}" stroke="${p.skinShade}" stroke-width="${n(0.025 * r)}" stroke-linecap="round" fill="none"/>`,
      `<path d="M${n(fx - 0.2 * r)} ${n(cy + 0.66 * r)} Q${n(fx - 0.08 * r)} ${n(cy + 0.6 * r)} ${n(fx)} ${n(cy + 0.64 * r)} Q${n(fx + 0.08 * r)} ${n(cy + 0.6 * r)} ${n(fx + 0.2 * r)} ${n(cy + 0.66 * r)} Q${n(fx)} ${n(cy + 0.7 * r)} ${n(fx - 0.2 * r)} ${n(cy + 0.66 * r)} Z" fill="${p.lips}"/>`,
      `<path d="M${n(fx - 0.2 * r)} ${n(cy + 0.66 * r)} Q${n(fx)} ${n(cy + 0.82 * r)} ${n(fx + 0.2 * r)} ${n(cy + 0.66 * r)} Q${n(fx)} ${n(cy + 0.7 * r)} ${n(fx - 0.2 * r)} ${n(cy + 0.66 * r)} Z" fill="${p.lips}" opacity="0.85"/>`,
    );
  }
  if (rnd.chance(0.5)) {
    for (const side of [-1, 1])
      out.push(
        `<circle cx="${n(cx + side * 0.8 * r)}" cy="${n(cy + 0.33 * r)}" r="${n(0.05 * r)}" fill="${p.accent}"/>`,
      );
  }
  return out.join('');
}

/** Fringe and crown drawn over the forehead. */
function hairFront(spec: PortraitSpec, f: Figure, id: string, rnd: Random): string {
  const { cx, cy, r } = f;
  const fill = `url(#${id}-hair)`;
  const top = cy - 1.2 * r;
  const side = rnd.chance(0.5) ? 1 : -1;
  if (spec.style === 'anime') {
    // Pointed anime bangs.
    let d = `M${n(cx - 0.92 * r)} ${n(cy + 0.1 * r)} Q${n(cx - 1.0 * r)} ${n(top)} ${n(cx)} ${n(top)} Q${n(cx + 1.0 * r)} ${n(top)} ${n(cx + 0.92 * r)} ${n(cy + 0.1 * r)}`;
    const spikes = 6;
    for (let i = spikes; i >= 0; i -= 1) {
      const x = cx - 0.85 * r + (1.7 * r * i) / spikes;
      const y = i % 2 === 0 ? cy - 0.62 * r : cy - 0.22 * r - rnd.range(0, 0.1) * r;
      d += ` L${n(x)} ${n(y)}`;
    }
    // The glossy band anime hair is drawn with.
    return `<path d="${d} Z" fill="${fill}"/><path d="M${n(cx - 0.62 * r)} ${n(cy - 0.82 * r)} Q${n(cx)} ${n(cy - 1.08 * r)} ${n(cx + 0.62 * r)} ${n(cy - 0.82 * r)}" stroke="#ffffff" stroke-opacity="0.35" stroke-width="${n(0.07 * r)}" stroke-linecap="round" fill="none"/>`;
  }
  if (spec.hairStyle === 'pixie' || spec.hairStyle === 'curly') {
    return `<path d="M${n(cx - 0.85 * r)} ${n(cy - 0.2 * r)} Q${n(cx - 0.9 * r)} ${n(top)} ${n(cx)} ${n(top)} Q${n(cx + 0.9 * r)} ${n(top)} ${n(cx + 0.85 * r)} ${n(cy - 0.2 * r)} Q${n(cx + side * 0.3 * r)} ${n(cy - 0.85 * r)} ${n(cx - 0.85 * r)} ${n(cy - 0.2 * r)} Z" fill="${fill}"/>`;
  }
  // Side-swept fringe with a parting.
  return `<path d="M${n(cx - 0.86 * r)} ${n(cy + 0.25 * r)} Q${n(cx - 0.95 * r)} ${n(top)} ${n(cx)} ${n(top)} Q${n(cx + 0.95 * r)} ${n(top)} ${n(cx + 0.86 * r)} ${n(cy + 0.25 * r)} Q${n(cx + side * 0.7 * r)} ${n(cy - 0.7 * r)} ${n(cx + side * 0.1 * r)} ${n(cy - 0.75 * r)} Q${n(cx - side * 0.55 * r)} ${n(cy - 0.55 * r)} ${n(cx - 0.86 * r)} ${n(cy + 0.25 * r)} Z" fill="${fill}"/>`;
}

function gradients(p: Palette, id: string): string {
  return (
    `<defs>` +
    `<radialGradient id="${id}-skin" cx="0.45" cy="0.4" r="0.75"><stop offset="0.55" stop-color="${p.skin}"/><stop offset="1" stop-color="${p.skinShade}"/></radialGradient>` +
    `<linearGradient id="${id}-hair" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${p.hairLight}"/><stop offset="0.6" stop-color="${p.hair}"/></linearGradient>` +
    `<radialGradient id="${id}-iris" cx="0.5" cy="0.6" r="0.6"><stop offset="0" stop-color="${p.irisLight}"/><stop offset="1" stop-color="${p.iris}"/></radialGradient>` +
    `<linearGradient id="${id}-cloth" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.outfit}"/><stop offset="1" stop-color="${p.outfitShade}"/></linearGradient>` +
    `</defs>`
  );
}

/**
 * Paints a character portrait as SVG. The output depends only on the spec, so an image id
 * can be stored instead of bytes and rendered again at any time.
 */
export function renderPortraitSvg(spec: PortraitSpec): string {
  const rnd = createRandom(`${spec.seed}|${spec.pose}|${spec.background}`);
  const id = `p${hashString(JSON.stringify(spec)).toString(36)}`;
  const figure = figureFor(spec, rnd);
  const palette = paletteFor(spec, rnd);
  const background = backgroundSvg(spec.background, rnd, id);
  const attrs = `xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" data-style="${spec.style}" data-pose="${spec.pose}"`;
  const title = `<title>${escapeXml(`${spec.style} character, ${spec.hairColor} ${spec.hairStyle} hair, ${spec.eyeColor} eyes`)}</title>`;
  if (spec.preview) {
    // Coarse colour masses only: the teaser must not contain the picture it hides.
    const { cx, cy, r } = figure;
    return (
      `<svg ${attrs} data-preview="true"><title>Locked image preview</title>` +
      `<defs><filter id="${id}-blur" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="28"/></filter></defs>${background}` +
      `<g filter="url(#${id}-blur)"><ellipse cx="${n(cx)}" cy="${n(cy + 4 * r)}" rx="${n(1.6 * r)}" ry="${n(3 * r)}" fill="${palette.outfit}"/>` +
      `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(1.1 * r)}" ry="${n(1.3 * r)}" fill="${palette.hair}"/>` +
      `<ellipse cx="${n(cx)}" cy="${n(cy + 0.1 * r)}" rx="${n(0.7 * r)}" ry="${n(0.9 * r)}" fill="${palette.skin}"/></g>` +
      `<rect width="${W}" height="${H}" fill="#000000" opacity="0.25"/></svg>`
    );
  }
  return (
    `<svg ${attrs}>${title}${gradients(palette, id)}${background}` +
    `<g>${hairBack(spec, figure, id, rnd)}${bodySvg(spec, figure, palette, id, rnd)}` +
    `${faceSvg(spec, figure, palette, id, rnd)}${hairFront(spec, figure, id, rnd)}</g></svg>`
  );
}
