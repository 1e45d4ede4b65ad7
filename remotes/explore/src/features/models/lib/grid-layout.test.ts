import { describe, expect, it } from 'vitest';
import { columnsForWidth, layoutGrid } from './grid-layout.ts';

describe('columnsForWidth', () => {
  it.each([
    [320, 2],
    [550, 2],
    [551, 3],
    [768, 3],
    [769, 4],
    [1024, 4],
    [1500, 4],
    [1750, 4],
    [1751, 5],
    [2560, 5],
  ])('should give %i px %i columns', (width, columns) => {
    expect(columnsForWidth(width)).toBe(columns);
  });
});

describe('layoutGrid', () => {
  const bannerPositions = (slots: ReturnType<typeof layoutGrid>) =>
    slots.flatMap((slot, position) => (slot.kind === 'banner' ? [position] : []));

  it('should put banners after twice the row count of cards', () => {
    const slots = layoutGrid(24, 2, 4);
    expect(bannerPositions(slots)).toEqual([8, 17]);
    expect(slots.filter((slot) => slot.kind === 'card')).toHaveLength(24);
  });

  it('should not end the grid with a banner nor invent banners', () => {
    expect(bannerPositions(layoutGrid(10, 2, 5))).toEqual([]);
    expect(bannerPositions(layoutGrid(11, 2, 5))).toEqual([10]);
    expect(bannerPositions(layoutGrid(40, 1, 2))).toEqual([4]);
    expect(layoutGrid(0, 2, 2)).toEqual([]);
  });
});
