import { describe, expect, it } from 'vitest';
import { fireEvent, waitFor } from '@testing-library/dom';
import type { ShellBus, TransportRequest } from '@companion/contracts';
import { renderRemote } from '@companion/remote-kit/testing';
import lifecycles from '../lifecycles.tsx';
import { isoDay, rate, totals } from './funnel-math.ts';
import type { FunnelRow } from './report-api.ts';

const row = (overrides: Partial<FunnelRow>): FunnelRow => ({
  variant: 'quiz-fb',
  utmSource: 'facebook',
  visitors: 40,
  quizCompleted: 20,
  paywallShown: 10,
  purchased: 2,
  ...overrides,
});

function signedIn(bus: ShellBus) {
  bus.publish('session:changed', { status: 'registered', userId: 'admin-1', isSoftDeleted: false });
}

describe('funnel math', () => {
  it('should sum the rows and give rates with one decimal', () => {
    expect(totals([row({}), row({ variant: 'quiz4901', visitors: 10, purchased: 1 })])).toEqual({
      visitors: 50,
      quizCompleted: 40,
      paywallShown: 20,
      purchased: 3,
    });
    expect(rate(1, 3)).toBe('33.3%');
    expect(rate(0, 0)).toBe('–');
    expect(isoDay(new Date('2026-11-24T03:00:00Z'), 6)).toBe('2026-11-18');
  });
});

describe('funnel report page', () => {
  it('should ask for the last seven days and show totals, the chart and a row per variant and source', async () => {
    const asked: TransportRequest['query'][] = [];
    const view = await renderRemote(lifecycles, {
      remote: 'funnels',
      path: '/funnel-report',
      bus: signedIn,
      api: (key, init) => {
        expect(key).toBe('GET Report/funnel');
        asked.push(init.query);
        return {
          from: '',
          to: '',
          rows: [row({}), row({ variant: 'quiz4901', utmSource: 'tiktok', visitors: 10, purchased: 0 })],
        };
      },
    });
    await waitFor(() => expect(view.getByTestId('funnel-chart')).toBeTruthy());
    expect(asked[0]).toEqual({ from: isoDay(new Date(), 6), to: isoDay(new Date()) });
    expect(view.getByTestId('total-visitors').textContent).toContain('50');
    expect(view.getByTestId('total-purchased').textContent).toContain('4%');
    const fb = view.getByTestId('row-quiz-fb-facebook');
    expect(fb.querySelector('[data-stage="quizCompleted"]')?.textContent).toBe('2050%');
    expect(fb.textContent).toContain('5%');
    expect(view.getByTestId('row-quiz4901-tiktok').textContent).toContain('0%');
    expect(view.getByTestId('funnel-chart').getAttribute('aria-label')).toBe(
      'Visitors 50, Quiz completed 40, Paywall shown 20, Purchase 2',
    );

    fireEvent.change(view.getByLabelText('From'), { target: { value: '2026-11-01' } });
    fireEvent.click(view.getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(asked.at(-1)).toEqual({ from: '2026-11-01', to: isoDay(new Date()) }));
  });

  it('should tell a visitor who is not an admin that the report is for admins', async () => {
    const view = await renderRemote(lifecycles, {
      remote: 'funnels',
      path: '/funnel-report',
      bus: signedIn,
      api: () =>
        Promise.reject(
          Object.assign(new Error('forbidden'), { status: 403, body: { error: { code: 'admin_only' } } }),
        ),
    });
    await waitFor(() => expect(view.getByRole('alert').textContent).toBe('This report is for admins only.'));
    expect(view.queryByTestId('funnel-chart')).toBeNull();
  });

  it('should say when no quiz was started in the range', async () => {
    const view = await renderRemote(lifecycles, {
      remote: 'funnels',
      path: '/funnel-report',
      bus: signedIn,
      api: () => ({ from: '', to: '', rows: [] }),
    });
    await waitFor(() => expect(view.getByText('No quiz was started in this range.')).toBeTruthy());
  });
});
