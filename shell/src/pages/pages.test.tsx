import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { createAppBus } from '@companion/event-bus';
import { createAppHistory } from '@companion/history';
import { DISCONNECTED_HUBS, FAKE_BRAND, createFakeTransport } from '@companion/remote-kit/testing';
import type { TransportRequest } from '@companion/contracts';
import { ShellProvider, type ShellServices } from '../app/shell-context.tsx';
import { TEST_ROUTES } from '../routing/test-routes.ts';
import { staticAnonymousSession } from '../session/test-fixtures.ts';
import { ContactUsPage } from './account-pages.tsx';
import { MaintenancePage } from './maintenance-page.tsx';

const SESSION = staticAnonymousSession('u');

function renderWith(ui: ReactNode, handler: (key: string, init: TransportRequest) => unknown) {
  const transport = createFakeTransport(handler);
  const services = {
    history: createAppHistory(window),
    bus: createAppBus(),
    loader: new Promise(() => undefined),
    routes: TEST_ROUTES,
    transport,
    hubs: DISCONNECTED_HUBS,
    session: SESSION,
    brand: FAKE_BRAND,
    theme: 'dark',
    setTheme: () => undefined,
  } as ShellServices;
  render(<ShellProvider value={services}>{ui}</ShellProvider>);
  return transport;
}

describe('shell pages', () => {
  afterEach(() => cleanup());

  it('should post the contact form and show the API error for the named field', async () => {
    const transport = renderWith(<ContactUsPage />, (key, init) => {
      if (key !== 'POST contact-us') return {};
      const body = init.body as { message: string };
      if (!body.message) {
        throw Object.assign(new Error('400'), {
          body: { error: { code: 'invalid_body', message: 'message is required.', field: 'message' } },
        });
      }
      return { success: true };
    });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ana@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect((await screen.findByRole('alert')).textContent).toBe('message is required.');
    expect(screen.getByLabelText('Message').getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'Hello' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByTestId('contact-sent')).toBeTruthy();
    expect(transport.calls.filter((call) => call.key === 'POST contact-us').at(-1)?.init.body).toEqual({
      email: 'ana@example.com',
      message: 'Hello',
    });
  });

  it('should show the maintenance copy with the e-mail, and the phone when the entity has one', async () => {
    renderWith(<MaintenancePage />, () => ({ country: 'CA' }));
    expect(screen.getByRole('heading').textContent).toBe("Whoops! We're working on something exciting!");
    expect(screen.getByTestId('maintenance-email').textContent).toBe(FAKE_BRAND.supportEmail);
    // The default entity's phone shows first; the Canadian one once the country is known.
    await waitFor(() => expect(screen.getByTestId('maintenance-phone').textContent).toBe('+1 416 555 0142'));
    expect(JSON.parse(localStorage.getItem('persist:user')!)).toMatchObject({ country: 'CA' });
  });
});
