import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Badge } from './badge.tsx';
import * as styles from './badge.css.ts';

afterEach(cleanup);

describe('Badge', () => {
  it('should render its text with the accent tone by default and the chosen tone otherwise', () => {
    const { rerender } = render(<Badge>New</Badge>);
    expect(screen.getByText('New').className).toContain(styles.tone.accent);
    rerender(<Badge tone="neutral">New</Badge>);
    expect(screen.getByText('New').className).toContain(styles.tone.neutral);
  });
});
