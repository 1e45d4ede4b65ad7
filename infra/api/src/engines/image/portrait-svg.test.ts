// @vitest-environment jsdom
// jsdom supplies DOMParser, a strict XML parser, so "the SVG parses" is checked for real.
import { describe, expect, it } from 'vitest';
import crypto from 'node:crypto';
import { EYE_PALETTES, HAIR_PALETTES, LOOKS } from './appearance.ts';
import type { PortraitSpec } from './image-engine.ts';
import { PORTRAIT_SIZE } from './portrait-look.ts';
import { renderPortraitSvg } from './portrait-svg.ts';

interface XmlDocument {
  documentElement: { tagName: string; getAttribute(name: string): string | null };
  getElementsByTagName(name: string): { length: number };
}
const { DOMParser } = globalThis as unknown as {
  DOMParser: new () => { parseFromString(text: string, type: string): XmlDocument };
};

const base: PortraitSpec = {
  seed: 'test-seed',
  style: 'realistic',
  ethnicity: 'latina',
  eyeColor: 'green',
  hairStyle: 'long-wavy',
  hairColor: 'auburn',
  bodyType: 'curvy',
  pose: 'portrait',
  background: 'studio',
};

function parse(svg: string): XmlDocument {
  const doc = new DOMParser().parseFromString(svg, 'image/svg+xml');
  expect(doc.getElementsByTagName('parsererror').length).toBe(0);
  expect(doc.documentElement.tagName).toBe('svg');
  return doc;
}

describe('renderPortraitSvg', () => {
  it('should render the same bytes for the same spec', () => {
    expect(renderPortraitSvg(base)).toBe(renderPortraitSvg({ ...base }));
  });

  it('should render different images for different seeds', () => {
    expect(renderPortraitSvg(base)).not.toBe(renderPortraitSvg({ ...base, seed: 'other-seed' }));
  });

  it('should produce well-formed SVG for every style, pose and background', () => {
    for (const style of LOOKS.styles) {
      for (const pose of LOOKS.poses) {
        for (const background of LOOKS.backgrounds) {
          const doc = parse(
            renderPortraitSvg({ ...base, style, pose, background, seed: `${style}-${pose}-${background}` }),
          );
          expect(doc.documentElement.getAttribute('width')).toBe(String(PORTRAIT_SIZE.width));
          expect(doc.documentElement.getAttribute('data-pose')).toBe(pose);
        }
      }
    }
  });

  it('should produce well-formed SVG for every hair style', () => {
    for (const hairStyle of LOOKS.hairStyles) {
      for (const style of LOOKS.styles) parse(renderPortraitSvg({ ...base, hairStyle, style }));
    }
  });

  it('should paint the requested hair and eye colours', () => {
    const svg = renderPortraitSvg({ ...base, hairColor: 'pink', eyeColor: 'violet' });
    expect(svg).toContain(HAIR_PALETTES.pink[0]);
    expect(svg).toContain(EYE_PALETTES.violet[0]);
    expect(svg).not.toContain(HAIR_PALETTES.blonde[0]);
  });

  it('should draw anime and realistic faces differently', () => {
    const anime = parse(renderPortraitSvg({ ...base, style: 'anime' }));
    const realistic = parse(renderPortraitSvg(base));
    expect(anime.documentElement.getAttribute('data-style')).toBe('anime');
    expect(realistic.documentElement.getAttribute('data-style')).toBe('realistic');
    // Anime eyes are ellipses with two highlights; realistic ones are almond paths with one.
    expect(anime.getElementsByTagName('ellipse').length).toBeGreaterThan(
      realistic.getElementsByTagName('ellipse').length,
    );
  });

  it('should leave every facial detail out of a preview', () => {
    const preview = renderPortraitSvg({ ...base, preview: true });
    parse(preview);
    expect(preview).toContain('feGaussianBlur');
    expect(preview).toContain('data-preview="true"');
    expect(preview).not.toContain(EYE_PALETTES.green[0]);
    expect(preview.length).toBeLessThan(renderPortraitSvg(base).length);
  });

  it('should draw every outfit in every pose and style, each differently', () => {
    for (const style of LOOKS.styles) {
      for (const pose of LOOKS.poses) {
        const drawn = LOOKS.outfits.map((outfit) => renderPortraitSvg({ ...base, style, pose, outfit }));
        for (const svg of drawn) parse(svg);
        expect(new Set(drawn).size).toBe(LOOKS.outfits.length);
        expect(drawn).not.toContain(renderPortraitSvg({ ...base, style, pose }));
      }
    }
  });

  it('should draw a spec without an outfit exactly as before outfits existed (stored specs keep their picture)', () => {
    const specs = LOOKS.poses.map((pose, i): PortraitSpec => ({
      seed: `golden-${i}`,
      style: i % 2 ? 'anime' : 'realistic',
      ethnicity: 'asian',
      eyeColor: 'blue',
      hairStyle: 'bob',
      hairColor: 'red',
      bodyType: 'curvy',
      pose,
      background: 'cafe',
    }));
    const digest = crypto.createHash('sha256').update(specs.map(renderPortraitSvg).join('')).digest('hex');
    // Taken from the painter of PAINTER_VERSION 2 before outfits were added.
    expect(digest).toBe('cbed4aa3ae0fa5166808e4c89fadf21ee9bd562dbac79a5d3c4bf41902ae55b2');
  });
});
