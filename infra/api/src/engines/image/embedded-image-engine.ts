import { LOOKS } from './appearance.ts';
import type {
  BatchRequest,
  GeneratedImage,
  ImageEngine,
  PortraitSpec,
  RenderedImage,
} from './image-engine.ts';
import { renderPortraitSvg } from './portrait-svg.ts';
import { createRandom } from './random.ts';

/** Content type of every embedded image. */
export const SVG_CONTENT_TYPE = 'image/svg+xml';

/** Largest batch one request may ask for. */
export const MAX_BATCH = 8;

/** Fills the looks a batch request leaves open, deterministically from its seed. */
export function specsForBatch(request: BatchRequest): PortraitSpec[] {
  if (!Number.isInteger(request.count) || request.count < 1 || request.count > MAX_BATCH) {
    throw new RangeError(`count must be an integer from 1 to ${MAX_BATCH}`);
  }
  const rnd = createRandom(`batch|${request.seed}`);
  // The character's looks are drawn once so every image of the batch shows the same person.
  const base = {
    style: request.style,
    ethnicity: request.ethnicity ?? rnd.pick(LOOKS.ethnicities),
    eyeColor: request.eyeColor ?? rnd.pick(LOOKS.eyeColors),
    hairStyle: request.hairStyle ?? rnd.pick(LOOKS.hairStyles),
    hairColor:
      request.hairColor ??
      rnd.pick(request.style === 'anime' ? LOOKS.hairColors : LOOKS.hairColors.slice(0, 6)),
    bodyType: request.bodyType ?? rnd.pick(LOOKS.bodyTypes),
  };
  return Array.from({ length: request.count }, (_, index) => ({
    ...base,
    seed: `${request.seed}:${index}`,
    pose: request.pose ?? LOOKS.poses[index % LOOKS.poses.length] ?? 'portrait',
    background: request.background ?? rnd.pick(LOOKS.backgrounds),
    // Only when asked: specs stored before outfits existed must keep drawing the same picture.
    ...(request.outfit ? { outfit: request.outfit } : {}),
  }));
}

/**
 * An engine that draws a batch's images one after the other, handing each to `onImage` before the next is drawn
 * (ADR 0228); an engine says only how one image is drawn.
 */
export abstract class InTurnImageEngine implements ImageEngine {
  abstract readonly name: string;
  abstract render(spec: PortraitSpec): Promise<RenderedImage>;
  /** One image of `request`'s batch. */
  protected abstract draw(spec: PortraitSpec, request: BatchRequest): Promise<GeneratedImage>;

  async generateBatch(
    request: BatchRequest,
    onImage?: (image: GeneratedImage, index: number) => Promise<void>,
  ): Promise<GeneratedImage[]> {
    const images: GeneratedImage[] = [];
    for (const spec of specsForBatch(request)) {
      const image = await this.draw(spec, request);
      await onImage?.(image, images.length);
      images.push(image);
    }
    return images;
  }
}

/** The default engine: draws SVG portraits locally, needs no network and no storage of bytes. */
export class EmbeddedImageEngine extends InTurnImageEngine {
  readonly name = 'embedded';

  async render(spec: PortraitSpec): Promise<RenderedImage> {
    return { contentType: SVG_CONTENT_TYPE, body: Buffer.from(renderPortraitSvg(spec), 'utf8') };
  }

  protected async draw(spec: PortraitSpec): Promise<GeneratedImage> {
    return { spec, contentType: SVG_CONTENT_TYPE, body: null };
  }
}
