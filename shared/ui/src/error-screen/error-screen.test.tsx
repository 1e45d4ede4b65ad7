import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ErrorScreen } from './error-screen.tsx';

afterEach(cleanup);

const TEXT =
  'We\u2019re sorry, but something went wrong on our site. We\u2019re already working to fix it. Please try refreshing the page or go back to the homepage.';

describe('ErrorScreen', () => {
  it('should show the spec title and text with typographic apostrophes', () => {
    render(<ErrorScreen />);
    expect(screen.getByRole('heading', { level: 1, name: 'Something went wrong' })).not.toBeNull();
    const text = screen.getByText(TEXT);
    expect(text.textContent).not.toContain("'");
    expect(screen.getByRole('region', { name: 'Something went wrong' })).not.toBeNull();
  });

  it('should link Back to Home to the site root', () => {
    render(<ErrorScreen />);
    expect(screen.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/');
  });

  it('should show an inline illustration hidden from assistive technology', () => {
    const { container } = render(<ErrorScreen />);
    const svg = container.querySelector('svg');
    expect(svg?.getAttribute('aria-hidden')).toBe('true');
    expect(container.querySelector('img')).toBeNull();
  });

  it('should render no content with hideContent', () => {
    const { container } = render(<ErrorScreen hideContent />);
    expect(screen.queryByText('Something went wrong')).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
    expect(container.querySelector('svg')).toBeNull();
    expect(container.querySelector('[data-content-hidden]')).not.toBeNull();
  });
});
