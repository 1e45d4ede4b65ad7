import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Skeleton } from './skeleton.tsx';
import * as styles from './skeleton.css.ts';

afterEach(cleanup);

describe('Skeleton', () => {
  it('should render a hidden block of the given size by default', () => {
    const { container } = render(<Skeleton width={120} height="2rem" />);
    const block = container.firstElementChild as HTMLElement;
    expect(block.getAttribute('aria-hidden')).toBe('true');
    expect(block.getAttribute('data-skeleton')).toBe('block');
    expect(block.className).toContain(styles.base);
    expect(block.style.width).toBe('120px');
    expect(block.style.height).toBe('2rem');
  });

  it('should render one shimmer bar per text line with a shorter last line', () => {
    const { container } = render(<Skeleton shape="text" lines={3} />);
    const bars = container.querySelectorAll(`.${styles.shape.text}`);
    expect(bars).toHaveLength(3);
    expect(bars[2]?.className).toContain(styles.lastLine);
    expect(bars[0]?.className).not.toContain(styles.lastLine);
  });

  it('should render a circle whose height follows its width', () => {
    const { container } = render(<Skeleton shape="circle" width={40} />);
    const circle = container.firstElementChild as HTMLElement;
    expect(circle.className).toContain(styles.shape.circle);
    expect(circle.style.height).toBe('40px');
  });

  it('should render the card preset with its name and age lines', () => {
    const { container } = render(
      <>
        {Array.from({ length: 12 }, (_, index) => (
          <Skeleton key={index} shape="card" />
        ))}
      </>,
    );
    const cards = container.querySelectorAll('[data-skeleton="card"]');
    expect(cards).toHaveLength(12);
    expect(cards[0]?.querySelectorAll(`.${styles.cardLine}`)).toHaveLength(2);
  });
});
