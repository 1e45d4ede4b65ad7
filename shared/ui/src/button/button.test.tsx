import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Button, IconButton } from './button.tsx';
import * as styles from './button.css.ts';

afterEach(cleanup);

describe('Button', () => {
  it('should render a type="button" button with the primary variant by default', () => {
    render(<Button>Continue</Button>);
    const button = screen.getByRole('button', { name: 'Continue' });
    expect(button.tagName).toBe('BUTTON');
    expect(button.getAttribute('type')).toBe('button');
    expect(button.className).toContain(styles.variant.primary);
    expect(button.className).toContain(styles.size.md);
  });

  it('should apply each variant and size class', () => {
    for (const variant of ['primary', 'secondary', 'ghost', 'danger'] as const) {
      const { unmount } = render(
        <Button variant={variant} size="lg">
          {variant}
        </Button>,
      );
      const button = screen.getByRole('button', { name: variant });
      expect(button.className).toContain(styles.variant[variant]);
      expect(button.className).toContain(styles.size.lg);
      unmount();
    }
    expect(new Set(Object.values(styles.variant)).size).toBe(4);
  });

  it('should call onClick when pressed and not when disabled', () => {
    const onClick = vi.fn();
    const { rerender } = render(<Button onClick={onClick}>Go</Button>);
    fireEvent.click(screen.getByRole('button', { name: 'Go' }));
    expect(onClick).toHaveBeenCalledTimes(1);
    rerender(
      <Button onClick={onClick} disabled>
        Go
      </Button>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Go' }));
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('should block clicks, set aria-busy and keep the label while loading', () => {
    const onClick = vi.fn();
    render(
      <Button onClick={onClick} loading>
        Pay now
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Pay now' });
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(button.querySelector('[aria-hidden="true"]')).not.toBeNull();
    fireEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('should render a link when given href', () => {
    render(
      <Button href="/pricing" variant="secondary">
        See plans
      </Button>,
    );
    const link = screen.getByRole('link', { name: 'See plans' });
    expect(link.tagName).toBe('A');
    expect(link.getAttribute('href')).toBe('/pricing');
    expect(link.className).toContain(styles.variant.secondary);
  });

  it('should drop href and ignore clicks on a disabled link', () => {
    const onClick = vi.fn();
    const { container } = render(
      <Button href="/pricing" disabled onClick={onClick}>
        See plans
      </Button>,
    );
    const link = container.querySelector('a');
    expect(link).not.toBeNull();
    expect(link?.hasAttribute('href')).toBe(false);
    expect(link?.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(link as HTMLAnchorElement);
    expect(onClick).not.toHaveBeenCalled();
  });
});

describe('IconButton', () => {
  it('should be named by its aria-label and default to ghost', () => {
    render(
      <IconButton aria-label="Close">
        <svg />
      </IconButton>,
    );
    const button = screen.getByRole('button', { name: 'Close' });
    expect(button.className).toContain(styles.variant.ghost);
    expect(button.className).toContain(styles.iconOnly.md);
  });
});
