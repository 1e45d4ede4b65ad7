import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Image, IMAGE_UNAVAILABLE_ALT, RESPONSIVE_IMAGE_BREAKPOINT } from './image.tsx';

afterEach(cleanup);

describe('Image', () => {
  it('should load lazily with its box reserved by width and height', () => {
    render(<Image src="/a.jpg" alt="Anna, 24" width={300} height={400} />);
    const img = screen.getByRole('img', { name: 'Anna, 24' });
    expect(img.getAttribute('src')).toBe('/a.jpg');
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(img.getAttribute('width')).toBe('300');
    expect(img.getAttribute('height')).toBe('400');
  });

  it('should reserve its box with an aspect ratio', () => {
    render(<Image src="/a.jpg" alt="Anna" aspectRatio={3 / 4} loading="eager" />);
    const img = screen.getByRole('img', { name: 'Anna' });
    expect(img.style.aspectRatio).toBe(String(3 / 4));
    expect(img.getAttribute('loading')).toBe('eager');
  });

  it('should be replaced by a placeholder with the spec alt text when it fails', () => {
    const onError = vi.fn();
    render(<Image src="/broken.jpg" alt="Anna" width={300} height={400} onError={onError} />);
    fireEvent.error(screen.getByRole('img', { name: 'Anna' }));
    expect(onError).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('img', { name: 'Anna' })).toBeNull();
    const placeholder = screen.getByAltText('Image currently unavailable');
    expect(IMAGE_UNAVAILABLE_ALT).toBe('Image currently unavailable');
    expect(placeholder.getAttribute('src')).toMatch(/^data:image\/svg\+xml,/);
    // The placeholder keeps the failed image's box.
    const box = placeholder.parentElement as HTMLElement;
    expect(box.style.width).toBe('300px');
    expect(box.style.height).toBe('400px');
  });

  it('should show the placeholder when there is no src at all', () => {
    render(<Image src={null} alt="Anna" />);
    expect(screen.getByAltText(IMAGE_UNAVAILABLE_ALT)).not.toBeNull();
  });

  it('should fall back to a user icon in avatar mode, keeping the alt as its name', () => {
    render(<Image src="/me.jpg" alt="Your profile" width={40} height={40} fallback="avatar" />);
    fireEvent.error(screen.getByRole('img', { name: 'Your profile' }));
    const icon = screen.getByRole('img', { name: 'Your profile' });
    expect(icon.tagName).toBe('SPAN');
    expect(icon.querySelector('svg')).not.toBeNull();
    expect(screen.queryByAltText(IMAGE_UNAVAILABLE_ALT)).toBeNull();
  });

  it('should try again when src changes after a failure', () => {
    const { rerender } = render(<Image src="/broken.jpg" alt="Anna" />);
    fireEvent.error(screen.getByRole('img', { name: 'Anna' }));
    expect(screen.getByAltText(IMAGE_UNAVAILABLE_ALT)).not.toBeNull();
    rerender(<Image src="/fixed.jpg" alt="Anna" />);
    expect(screen.getByRole('img', { name: 'Anna' }).getAttribute('src')).toBe('/fixed.jpg');
  });

  it('should switch to the mobile source below the 1200 px default responsive breakpoint (000 §5)', () => {
    expect(RESPONSIVE_IMAGE_BREAKPOINT).toBe(1200);
    const { container, rerender } = render(<Image src="/wide.jpg" mobileSrc="/narrow.jpg" alt="Anna" />);
    const source = container.querySelector('picture > source');
    expect(source?.getAttribute('media')).toBe('(max-width: 1199px)');
    expect(source?.getAttribute('srcset')).toBe('/narrow.jpg');
    expect(screen.getByRole('img', { name: 'Anna' }).getAttribute('src')).toBe('/wide.jpg');
    rerender(<Image src="/wide.jpg" mobileSrc="/narrow.jpg" breakpoint={768} alt="Anna" />);
    expect(container.querySelector('picture > source')?.getAttribute('media')).toBe('(max-width: 767px)');
    rerender(<Image src="/wide.jpg" alt="Anna" />);
    expect(container.querySelector('picture')).toBeNull();
  });
});
