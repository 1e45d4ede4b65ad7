import { describe, expect, it } from 'vitest';
import { ACCENT_STOPS, DARK, LIGHT } from './palettes.ts';
import type { ThemeValues } from './palettes.ts';

// WCAG 2.x relative luminance and contrast ratio.
function luminance(hex: string): number {
  const match = /^#([0-9a-f]{6})$/i.exec(hex);
  if (!match?.[1]) throw new Error(`not a #rrggbb colour: ${hex}`);
  const value = match[1];
  const [r, g, b] = [0, 2, 4].map((i) => {
    const channel = parseInt(value.slice(i, i + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

const AA_TEXT = 4.5;

describe.each([
  ['dark', DARK],
  ['light', LIGHT],
] as Array<[string, ThemeValues]>)('%s theme contrast', (_name, theme) => {
  const { color } = theme;
  const backgrounds = [color.bg, color.surface, color.surfaceRaised, color.surfaceHover];

  it('should keep body, muted and subtle text at WCAG AA on every surface', () => {
    for (const background of backgrounds) {
      expect(contrast(color.text, background)).toBeGreaterThanOrEqual(7);
      expect(contrast(color.textMuted, background)).toBeGreaterThanOrEqual(AA_TEXT);
      expect(contrast(color.textSubtle, background)).toBeGreaterThanOrEqual(AA_TEXT);
    }
  });

  it('should keep accent text readable on the page and card surfaces', () => {
    for (const background of [color.bg, color.surface, color.surfaceRaised]) {
      expect(contrast(color.accentText, background)).toBeGreaterThanOrEqual(AA_TEXT);
    }
  });

  it('should keep labels on the accent gradient and danger buttons at AA', () => {
    for (const stop of ACCENT_STOPS) expect(contrast(color.onAccent, stop)).toBeGreaterThanOrEqual(AA_TEXT);
    expect(contrast(color.onDanger, color.danger)).toBeGreaterThanOrEqual(AA_TEXT);
    expect(contrast(color.onDanger, color.dangerHover)).toBeGreaterThanOrEqual(AA_TEXT);
  });

  it('should keep the focus ring visible against the page (3:1 for UI parts)', () => {
    expect(contrast(color.focusRing, color.bg)).toBeGreaterThanOrEqual(3);
  });

  it('should use the gradient stops the contrast check covers', () => {
    for (const stop of ACCENT_STOPS.slice(0, 2)) expect(theme.gradient.accent).toContain(stop);
    for (const stop of ACCENT_STOPS.slice(2)) expect(theme.gradient.accentHover).toContain(stop);
  });
});
