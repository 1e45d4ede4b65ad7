import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChromeBoundary } from './chrome-boundary.tsx';

function Broken(): never {
  throw new Error('boom');
}

afterEach(cleanup);

describe('ChromeBoundary', () => {
  it('should replace only the failing area and keep its siblings', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <>
        <ChromeBoundary area="header">
          <Broken />
        </ChromeBoundary>
        <p>outlet</p>
      </>,
    );
    expect(screen.getByText('outlet')).toBeTruthy();
    expect(document.querySelector('[data-chrome-failed="header"]')).not.toBeNull();
    expect(error).toHaveBeenCalledWith('[shell] header failed', expect.any(Error), expect.anything());
    error.mockRestore();
  });

  it('should show the fallback and recover when the reset key changes', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { rerender } = render(
      <ChromeBoundary area="page" resetKey="/a" fallback={<p>failed</p>}>
        <Broken />
      </ChromeBoundary>,
    );
    expect(screen.getByText('failed')).toBeTruthy();
    rerender(
      <ChromeBoundary area="page" resetKey="/b" fallback={<p>failed</p>}>
        <p>page b</p>
      </ChromeBoundary>,
    );
    expect(screen.getByText('page b')).toBeTruthy();
    error.mockRestore();
  });
});
