import type {
  ArtStyle,
  Background,
  BodyType,
  Ethnicity,
  EyeColor,
  HairColor,
  HairStyle,
  Outfit,
  Pose,
} from './appearance.ts';

/** Everything needed to draw one image; the same spec always gives the same bytes. */
export interface PortraitSpec {
  seed: string;
  style: ArtStyle;
  ethnicity: Ethnicity;
  eyeColor: EyeColor;
  hairStyle: HairStyle;
  hairColor: HairColor;
  bodyType: BodyType;
  pose: Pose;
  background: Background;
  /** Clothes (ADR 0227); absent: the painter picks a top or a dress from the seed (older specs have none). */
  outfit?: Outfit;
  /** A lossy blurred teaser for locked content: it carries no facial detail, so removing the blur reveals nothing. */
  preview?: boolean;
}

/** Bytes of a rendered image. */
export interface RenderedImage {
  contentType: string;
  body: Buffer;
}

/** A request to generate several images of one look (spec 000 §7 `Image/generate-batch-images`). */
export interface BatchRequest {
  /** Makes the batch reproducible; the same seed and looks give the same images. */
  seed: string;
  count: number;
  style: ArtStyle;
  ethnicity?: Ethnicity | undefined;
  eyeColor?: EyeColor | undefined;
  hairStyle?: HairStyle | undefined;
  hairColor?: HairColor | undefined;
  bodyType?: BodyType | undefined;
  pose?: Pose | undefined;
  background?: Background | undefined;
  outfit?: Outfit | undefined;
  /** Free text for an external generator; the embedded engine ignores it. */
  prompt?: string | undefined;
}

/** One image of a batch: its spec, and its bytes when they cannot be re-rendered from the spec. */
export interface GeneratedImage {
  spec: PortraitSpec;
  contentType: string;
  /** Null when the engine can render the spec again on demand (nothing to store). */
  body: Buffer | null;
}

/** An image generator: the embedded SVG painter or an adapter for an external service. */
export interface ImageEngine {
  readonly name: string;
  render(spec: PortraitSpec): Promise<RenderedImage>;
  /**
   * Generates the batch; `onImage` (when given) is awaited as each image is ready, in order, so a caller can store
   * and show it before the next one is drawn (live progress per photo, ADR 0228). A rejection from `onImage`
   * stops the batch. The answer lists every image, those already handed to `onImage` included.
   */
  generateBatch(
    request: BatchRequest,
    onImage?: (image: GeneratedImage, index: number) => Promise<void>,
  ): Promise<GeneratedImage[]>;
}
