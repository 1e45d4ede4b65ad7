import { useState } from 'react';
import type { CSSProperties, ImgHTMLAttributes } from 'react';
import { cx } from '../cx.ts';
import { UserIcon } from './user-silhouette.tsx';
import * as styles from './image.css.ts';
import { IMAGE_PLACEHOLDER_SRC, IMAGE_UNAVAILABLE_ALT } from './placeholder.ts';

export { IMAGE_UNAVAILABLE_ALT };

/** 000 §5: "Responsive image breakpoint defaults to 1200 px": below it an image's `mobileSrc` is used. */
export const RESPONSIVE_IMAGE_BREAKPOINT = 1200;

/** Props of {@link Image}. */
export interface ImageProps extends Omit<
  ImgHTMLAttributes<HTMLImageElement>,
  'src' | 'alt' | 'width' | 'height'
> {
  src: string | null | undefined;
  alt: string;
  /** Give width and height, or an aspect ratio, so the page does not shift when the image arrives. */
  width?: number;
  height?: number;
  /** `width / height`, e.g. `3 / 4`; the image then fills its container's width. */
  aspectRatio?: number;
  fit?: 'cover' | 'contain';
  /** `avatar` replaces a failed image with a user icon (profile pictures); `placeholder` with the generic picture. */
  fallback?: 'placeholder' | 'avatar';
  /** A source for screens narrower than `breakpoint` (a smaller crop or size); `src` is used above it. */
  mobileSrc?: string | null;
  /** Where `mobileSrc` takes over, in px; {@link RESPONSIVE_IMAGE_BREAKPOINT} by default. */
  breakpoint?: number;
}

/** An `<img>` that loads lazily, reserves its box, and shows the spec's fallback when loading fails. */
export function Image({
  src,
  alt,
  width,
  height,
  aspectRatio,
  fit = 'cover',
  fallback = 'placeholder',
  mobileSrc,
  breakpoint = RESPONSIVE_IMAGE_BREAKPOINT,
  loading = 'lazy',
  decoding = 'async',
  className,
  style,
  onError,
  ...rest
}: ImageProps) {
  // Remember which src failed, so a new src gets a fresh attempt without an effect.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const failed = !src || failedSrc === src;
  const boxStyle: CSSProperties = {
    ...style,
    ...(aspectRatio ? { aspectRatio: String(aspectRatio) } : null),
  };
  const sized = aspectRatio && !width ? styles.fluid : undefined;

  if (failed) {
    if (fallback === 'avatar') {
      return (
        <span
          role="img"
          aria-label={alt}
          className={cx(styles.placeholder, styles.avatar, sized, className)}
          style={{ width, height, ...boxStyle }}
        >
          <UserIcon className={styles.avatarIcon} />
        </span>
      );
    }
    return (
      <span className={cx(styles.placeholder, sized, className)} style={{ width, height, ...boxStyle }}>
        <img src={IMAGE_PLACEHOLDER_SRC} alt={IMAGE_UNAVAILABLE_ALT} className={styles.placeholderIcon} />
      </span>
    );
  }

  const image = (
    <img
      {...rest}
      src={src}
      alt={alt}
      width={width}
      height={height}
      loading={loading}
      decoding={decoding}
      className={cx(styles.image, styles.fit[fit], sized, className)}
      style={boxStyle}
      onError={(event) => {
        setFailedSrc(src);
        onError?.(event);
      }}
    />
  );
  if (!mobileSrc) return image;
  return (
    <picture style={{ display: 'contents' }}>
      <source media={`(max-width: ${breakpoint - 1}px)`} srcSet={mobileSrc} />
      {image}
    </picture>
  );
}
