import { describe, expect, it } from 'vitest';
import { EmbeddedImageEngine, MAX_BATCH, SVG_CONTENT_TYPE, specsForBatch } from './embedded-image-engine.ts';

describe('EmbeddedImageEngine', () => {
  const engine = new EmbeddedImageEngine();

  it('should render an SVG body with the SVG content type', async () => {
    const specs = specsForBatch({ seed: 's', count: 1, style: 'anime' });
    const image = await engine.render(specs[0]!);
    expect(image.contentType).toBe(SVG_CONTENT_TYPE);
    expect(image.body.toString('utf8')).toMatch(/^<svg [^>]*data-style="anime"/);
  });

  it('should keep one look across a batch and vary pose and seed', () => {
    const specs = specsForBatch({ seed: 'batch-1', count: 4, style: 'realistic', hairColor: 'red' });
    expect(specs).toHaveLength(4);
    expect(
      new Set(specs.map((spec) => `${spec.ethnicity}|${spec.eyeColor}|${spec.hairStyle}|${spec.bodyType}`))
        .size,
    ).toBe(1);
    expect(specs.every((spec) => spec.hairColor === 'red')).toBe(true);
    expect(new Set(specs.map((spec) => spec.seed)).size).toBe(4);
    expect(new Set(specs.map((spec) => spec.pose)).size).toBe(4);
  });

  it('should plan the same batch for the same seed', () => {
    expect(specsForBatch({ seed: 'x', count: 3, style: 'anime' })).toEqual(
      specsForBatch({ seed: 'x', count: 3, style: 'anime' }),
    );
    expect(specsForBatch({ seed: 'x', count: 3, style: 'anime' })).not.toEqual(
      specsForBatch({ seed: 'y', count: 3, style: 'anime' }),
    );
  });

  it('should reject counts outside 1..MAX_BATCH', () => {
    expect(() => specsForBatch({ seed: 'x', count: 0, style: 'anime' })).toThrow(RangeError);
    expect(() => specsForBatch({ seed: 'x', count: MAX_BATCH + 1, style: 'anime' })).toThrow(RangeError);
    expect(() => specsForBatch({ seed: 'x', count: 1.5, style: 'anime' })).toThrow(RangeError);
  });

  it('should return specs without bytes from generateBatch (re-rendered on demand)', async () => {
    const images = await engine.generateBatch({ seed: 'g', count: 2, style: 'realistic' });
    expect(images.map((image) => image.body)).toEqual([null, null]);
    expect(images.every((image) => image.contentType === SVG_CONTENT_TYPE)).toBe(true);
  });
});
