import { act, cleanup, render, screen } from '@testing-library/react';
import { Component, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deferredComponent } from './deferred-component.ts';

const Loaded = ({ label }: { label: string }) => <p>{label}</p>;

const rendered: string[] = [];

function Host({
  part,
  wanted,
}: {
  part: ReturnType<typeof deferredComponent<{ label: string }>>;
  wanted: boolean;
}) {
  const Part = part.useLoaded(wanted);
  rendered.push(Part ? 'loaded' : 'meanwhile');
  return Part ? <Part label="loaded" /> : <p>meanwhile</p>;
}

afterEach(() => {
  cleanup();
  rendered.length = 0;
});

describe('deferredComponent', () => {
  it('should fetch only when wanted, show the fallback meanwhile, then the component', async () => {
    const load = vi.fn(async () => Loaded);
    const part = deferredComponent(load);
    const view = render(<Host part={part} wanted={false} />);
    expect(screen.getByText('meanwhile')).toBeTruthy();
    expect(load).not.toHaveBeenCalled();
    view.rerender(<Host part={part} wanted />);
    expect(await screen.findByText('loaded')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('should render a preloaded component in the first render, without a fallback frame', async () => {
    const part = deferredComponent(async () => Loaded);
    await act(() => part.preload());
    render(<Host part={part} wanted />);
    expect(screen.getByText('loaded')).toBeTruthy();
    expect(rendered).not.toContain('meanwhile');
    // Loaded but not wanted (a short chat after a long one): the fallback.
    cleanup();
    render(<Host part={part} wanted={false} />);
    expect(screen.getByText('meanwhile')).toBeTruthy();
  });

  it('should throw a failed fetch in render when asked (a whole page), for the error boundary', async () => {
    const part = deferredComponent<{ label: string }>(() => Promise.reject(new Error('offline')));
    const caught: unknown[] = [];
    class Boundary extends Component<{ children: ReactNode }, { error: unknown }> {
      override state = { error: null as unknown };
      static getDerivedStateFromError(error: unknown) {
        return { error };
      }
      override componentDidCatch(error: unknown) {
        caught.push(error);
      }
      override render() {
        return this.state.error ? <p>error screen</p> : this.props.children;
      }
    }
    function Page() {
      const Part = part.useLoaded(true, { throwOnError: true });
      return Part ? <Part label="loaded" /> : null;
    }
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <Boundary>
        <Page />
      </Boundary>,
    );
    expect(await screen.findByText('error screen')).toBeTruthy();
    expect(caught).toEqual([new Error('offline')]);
    // Without the option an optional part just stays away.
    cleanup();
    render(<Host part={part} wanted />);
    await act(() => Promise.resolve());
    expect(screen.getByText('meanwhile')).toBeTruthy();
  });

  it('should try again after a failed fetch', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(Loaded);
    const part = deferredComponent(load);
    await expect(part.preload()).rejects.toThrow('offline');
    await expect(part.preload()).resolves.toBe(Loaded);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
