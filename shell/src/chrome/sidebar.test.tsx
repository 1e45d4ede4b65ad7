import { act, cleanup, render, screen } from '@testing-library/react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAppBus } from '@companion/event-bus';
import { createAppHistory } from '@companion/history';
import { FAKE_BRAND } from '@companion/remote-kit/testing';
import { ShellProvider, type ShellServices } from '../app/shell-context.tsx';
import { Sidebar } from './sidebar.tsx';

afterEach(cleanup);

const SNAPSHOT = { session: null, user: null, balance: null, userKnown: true };

function renderSidebar(onHover: (hovered: boolean) => void) {
  const services = {
    history: createAppHistory(window),
    bus: createAppBus(),
    brand: FAKE_BRAND,
    session: {
      subscribe: () => () => undefined,
      snapshot: () => SNAPSHOT,
    },
  } as unknown as ShellServices;
  render(
    <ShellProvider value={services}>
      <Sidebar
        open
        pathname="/tokens"
        onNavigate={() => undefined}
        onHover={onHover}
        onClose={() => undefined}
        promo={<div data-testid="promo-slot" />}
      />
    </ShellProvider>,
  );
  // The banner renders into its own React root, as checkout's parcel does.
  const root = createRoot(screen.getByTestId('promo-slot'));
  act(() => root.render(<button type="button">550 tokens</button>));
  return screen.getByTestId('shell-sidebar');
}

/** The events a browser dispatches when the pointer moves from `from` to `to`. */
function move(from: Element, to: Element, boundary: { leave?: Element; enter?: Element } = {}) {
  from.dispatchEvent(new MouseEvent('mouseout', { bubbles: true, relatedTarget: to }));
  if (boundary.leave) boundary.leave.dispatchEvent(new MouseEvent('mouseleave', { relatedTarget: to }));
  to.dispatchEvent(new MouseEvent('mouseover', { bubbles: true, relatedTarget: from }));
  if (boundary.enter) boundary.enter.dispatchEvent(new MouseEvent('mouseenter', { relatedTarget: from }));
}

describe('the desktop rail (000 §2.5)', () => {
  it('should stay open while the pointer moves from the rail onto a promo banner rendered by another root', () => {
    const onHover = vi.fn();
    const rail = renderSidebar(onHover);
    const banner = screen.getByRole('button', { name: '550 tokens' });
    move(document.body, rail, { enter: rail });
    expect(onHover).toHaveBeenLastCalledWith(true);
    onHover.mockClear();
    move(rail, banner);
    move(banner, rail);
    expect(onHover).not.toHaveBeenCalledWith(false);
  });

  it('should close when the pointer leaves the rail, banner or not', () => {
    const onHover = vi.fn();
    const rail = renderSidebar(onHover);
    const banner = screen.getByRole('button', { name: '550 tokens' });
    move(document.body, rail, { enter: rail });
    move(rail, banner);
    move(banner, document.body, { leave: rail });
    expect(onHover).toHaveBeenLastCalledWith(false);
  });
});
