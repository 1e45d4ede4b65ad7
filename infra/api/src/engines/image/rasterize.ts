import { Resvg } from '@resvg/resvg-js';
import { EmbeddedImageEngine, SVG_CONTENT_TYPE } from './embedded-image-engine.ts';
import type { StoredImage } from './image-store.ts';

const PNG_CONTENT_TYPE = 'image/png';

/** An SVG drawn as a PNG `width` pixels wide (resvg; the height follows the SVG's ratio). */
export function svgToPng(svg: Buffer | string, width: number): Buffer {
  return Buffer.from(new Resvg(svg, { fitTo: { mode: 'width', value: width } }).render().asPng());
}

/**
 * A stored image as PNG bytes (for files that must be PNG, e.g. a Character Card): PNG bytes as they are, an SVG
 * rasterised, and anything else (JPEG/WebP from an external engine) redrawn from its spec by the embedded painter.
 */
export async function storedImageAsPng(image: StoredImage, width: number): Promise<Buffer> {
  if (image.body && image.contentType === PNG_CONTENT_TYPE) return image.body;
  if (image.body && image.contentType === SVG_CONTENT_TYPE) return svgToPng(image.body, width);
  const drawn = await new EmbeddedImageEngine().render(image.spec);
  return svgToPng(drawn.body, width);
}
