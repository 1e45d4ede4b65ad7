import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Spinner } from './spinner.tsx';

afterEach(cleanup);

describe('Spinner', () => {
  it('should announce its label as a status', () => {
    render(<Spinner label="Loading models" />);
    expect(screen.getByRole('status').textContent).toBe('Loading models');
  });

  it('should render only a hidden ring when label is null', () => {
    const { container } = render(<Spinner label={null} />);
    expect(screen.queryByRole('status')).toBeNull();
    expect(container.firstElementChild?.getAttribute('aria-hidden')).toBe('true');
  });
});
