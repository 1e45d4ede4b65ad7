// The painter: a character portrait as SVG from its spec alone (background, hair, face here; look and body beside).

import type { Background } from './appearance.ts';
import type { PortraitSpec } from './image-engine.ts';
import { createRandom, hashString } from './random.ts';
import type { Random } from './random.ts';

import { H, W, escapeXml, figureFor, gradients, n, paletteFor } from './portrait-look.ts';
import type { Figure, Palette } from './portrait-look.ts';
import { bodySvg } from './portrait-body.ts';

/** Bump when the drawing changes visibly: catalogue image ids include it, so browsers and CDNs fetch the new pictures. */
export const PAINTER_VERSION = 2;

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
