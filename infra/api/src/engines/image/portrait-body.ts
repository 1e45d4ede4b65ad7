// A portrait's body and clothes: the figure's shape and the outfit over it.

import type { Outfit } from './appearance.ts';
import type { PortraitSpec } from './image-engine.ts';
import type { Random } from './random.ts';
import { BODY_WIDTH, DENIM, H, LEGGINGS, SHIRT, n } from './portrait-look.ts';
import type { Figure, Palette } from './portrait-look.ts';

/** Body from the neck down; legs only where the pose shows them. */
export function bodySvg(spec: PortraitSpec, f: Figure, p: Palette, id: string, rnd: Random): string {
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
