import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { VisuallyHidden } from './visually-hidden.tsx';

afterEach(cleanup);

describe('VisuallyHidden', () => {
  it('should keep its text in the accessibility tree', () => {
    render(
      <button type="button">
        <svg aria-hidden="true" />
        <VisuallyHidden>Open menu</VisuallyHidden>
      </button>,
    );
    expect(screen.getByRole('button', { name: 'Open menu' })).not.toBeNull();
  });
});
