import { Suspense, act, lazy, useState } from 'react';
import {
  FIRST_SCREEN_ELEMENT_ID,
  FIRST_SCREEN_SLOT_ATTRIBUTE,
  firstLoadKey,
  type Transport,
} from '@companion/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defineRemote } from '../define-remote.tsx';
import { firstScreenHydration } from '../first-screen-hydration.ts';
import { useRemoteLocation } from '../hooks/use-remote-location.ts';
import { useResource } from '../hooks/use-resource.ts';
import { useBusState } from '../remote-context.tsx';
import { useBrand } from '../hooks/use-shell-state.ts';
import { createFakeMountProps } from '../testing/fake-shell.ts';
import { defineFirstScreen } from './render-first-screen.tsx';

// ADR 0452: a remote's server entry renders the same root and App as its first client render, and the mount
// hydrates that markup in place (the same nodes, no mismatch) once `firstScreenHydration`'s `prepare` has what the render needs.
function Quiz() {
  const { pathname } = useRemoteLocation();
  const brand = useBrand();
  const [step, setStep] = useState(0);
  return (
    <section>
      <h1>
        Question {step + 1} of {pathname} for {brand.id}
      </h1>
      <button type="button" onClick={() => setStep(step + 1)}>
        Next
      </button>
    </section>
  );
}

const prepare = vi.fn(async (path: string) => path === '/quiz-fb');
const render = defineFirstScreen({ name: 'funnels', version: '1.0.0', App: Quiz, prepare });
const lifecycles = defineRemote({
  name: 'funnels',
  version: '1.0.0',
  App: Quiz,
  hydration: firstScreenHydration({ name: 'funnels', version: '1.0.0', prepare }),
});

/** The page as the origin serves it: the first screen before the shell's root. */
async function serve(version = '1.0.0', brand: 'main' | 'fbQuiz' = 'main') {
  const screen = await render({ path: '/quiz-fb', search: '', brand, theme: 'dark' });
  const element = document.createElement('div');
  element.id = FIRST_SCREEN_ELEMENT_ID;
  element.dataset['remote'] = 'funnels';
  element.dataset['version'] = version;
  element.innerHTML = screen!.html;
  document.body.append(element);
  return element;
}

async function mount() {
  const outlet = document.createElement('div');
  document.body.append(outlet);
  window.history.replaceState(null, '', '/quiz-fb');
  const props = {
    ...createFakeMountProps('funnels', { brand: { id: 'main', name: '', fontFamily: '', supportEmail: '' } }),
    name: 'funnels:route',
    domElement: outlet,
  };
  const reports: unknown[] = [];
  props.rootBus.handle('error:report-requested', (report) => reports.push(report));
  await lifecycles.bootstrap(props);
  await lifecycles.mount(props);
  return { outlet, props, reports };
}

describe('the first screen from the server', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it("should render the remote's root and first screen for a route it renders, and nothing for another", async () => {
    const screen = await render({ path: '/quiz-fb', search: '', brand: 'fbQuiz', theme: 'dark' });
    expect(screen).toEqual({
      html: '<div data-remote="funnels" data-build-version="1.0.0"><section><h1>Question <!-- -->1<!-- --> of <!-- -->/quiz-fb<!-- --> for <!-- -->fbQuiz</h1><button type="button">Next</button></section></div>',
      head: '',
    });
    expect(await render({ path: '/chat-landing/1', search: '', brand: 'main', theme: 'dark' })).toBeNull();
  });

  it('should refuse a screen with a part the server could not render (it would fail to hydrate)', async () => {
    const Lazy = lazy(() => new Promise<{ default: () => null }>(() => {}));
    const broken = defineFirstScreen({
      name: 'funnels',
      version: '1.0.0',
      App: () => (
        <Suspense fallback={null}>
          <Lazy />
        </Suspense>
      ),
      prepare,
    });
    await expect(broken({ path: '/quiz-fb', search: '', brand: 'main', theme: 'dark' })).rejects.toThrow(
      /could not render on the server/,
    );
  });

  it('should hydrate the markup in place: the same nodes, no mismatch reported, and working after', async () => {
    const served = await serve();
    const heading = served.querySelector('h1');
    const { outlet, props, reports } = await mount();
    expect(document.getElementById(FIRST_SCREEN_ELEMENT_ID)).toBeNull();
    expect(outlet.querySelector('h1')).toBe(heading);
    expect(reports).toEqual([]);
    await act(async () => outlet.querySelector('button')!.click());
    expect(heading?.textContent).toBe('Question 2 of /quiz-fb for main');
    await act(() => lifecycles.unmount(props));
  });

  it('should report a mismatch it had to render afresh (a server render that differs from the client)', async () => {
    await serve('1.0.0', 'fbQuiz');
    const { outlet, props, reports } = await mount();
    expect(outlet.querySelector('h1')?.textContent).toBe('Question 1 of /quiz-fb for main');
    expect(reports).toEqual([
      expect.objectContaining({
        remote: 'funnels',
        kind: 'unhandled',
        message: expect.stringMatching(/^hydration: /),
      }),
    ]);
    await act(() => lifecycles.unmount(props));
  });

  it('should render afresh, and drop the first screen, when it names another build', async () => {
    const served = await serve('0.9.0');
    const heading = served.querySelector('h1');
    const { outlet, props } = await mount();
    expect(document.getElementById(FIRST_SCREEN_ELEMENT_ID)).toBeNull();
    expect(outlet.querySelector('h1')).not.toBe(heading);
    expect(outlet.querySelector('h1')?.textContent).toBe('Question 1 of /quiz-fb for main');
    await act(() => lifecycles.unmount(props));
  });
});

// ADR 0453: a page's public answers (the origin's first-load answers) reach the server render and the browser's
// first render alike through the transport's `peek`; replayed bus state is what the server saw (nothing) while
// hydrating; and on a page with chrome the screen sits in the shell's frame, whose slot the mount adopts.
describe('a first screen with public answers, inside the chrome frame', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  const LIST = ['Sofia', 'Emma'];
  function Grid() {
    const list = useResource('models|public', (t) => t.request<string[]>('PersonModel/top'), {
      initial: (t) => t.peek?.<string[]>('PersonModel/top'),
    });
    const user = useBusState('user:changed');
    return (
      <section>
        <h1>Explore</h1>
        <ul>{list.data ? list.data.map((name) => <li key={name}>{name}</li>) : <li>loading</li>}</ul>
        <p>{user ? `signed in: ${user.user?.email}` : 'user not loaded'}</p>
      </section>
    );
  }
  const prepareGrid = async (path: string) => path === '/';
  const renderGrid = defineFirstScreen({
    name: 'explore',
    version: '2.0.0',
    App: Grid,
    prepare: prepareGrid,
  });
  const explore = defineRemote({
    name: 'explore',
    version: '2.0.0',
    App: Grid,
    hydration: firstScreenHydration({ name: 'explore', version: '2.0.0', prepare: prepareGrid }),
  });

  it('should render the answers on the server, and hydrate them in place from the page with nothing fetched', async () => {
    const answers = { [firstLoadKey('PersonModel/top')]: LIST };
    const screen = await renderGrid({ path: '/', search: '', brand: 'main', theme: 'dark', answers });
    expect(screen?.html).toContain('<li>Sofia</li><li>Emma</li>');
    expect(screen?.html).toContain('user not loaded');
    // Without the answer, the server renders what the browser's first render shows before its fetch answers.
    expect((await renderGrid({ path: '/', search: '', brand: 'main', theme: 'dark' }))?.html).toContain(
      '<li>loading</li>',
    );

    // The origin's page: the screen inside the chrome frame's slot, before the shell's root.
    const element = document.createElement('div');
    element.id = FIRST_SCREEN_ELEMENT_ID;
    element.dataset['remote'] = 'explore';
    element.dataset['version'] = '2.0.0';
    element.innerHTML = `<header>chrome</header><main><div ${FIRST_SCREEN_SLOT_ATTRIBUTE}="">${screen!.html}</div></main>`;
    document.body.append(element);
    const served = element.querySelector('ul');

    const request = vi.fn(() => new Promise<never>(() => {}));
    const transport: Transport = {
      request,
      peek: <T,>(path: string, query?: Record<string, string>) => answers[firstLoadKey(path, query)] as T,
    };
    const outlet = document.createElement('div');
    document.body.append(outlet);
    window.history.replaceState(null, '', '/');
    const props = {
      ...createFakeMountProps('explore', { transport }),
      name: 'explore:route',
      domElement: outlet,
    };
    const reports: unknown[] = [];
    props.rootBus.handle('error:report-requested', (report) => reports.push(report));
    // The shell knows the visitor already: the hydrating render still shows what the server saw, then the visitor.
    props.rootBus.publish('user:changed', { user: { email: 'ann@example.com' } as never });
    await explore.bootstrap(props);
    await explore.mount(props);
    await act(async () => {});
    expect(document.getElementById(FIRST_SCREEN_ELEMENT_ID)).toBeNull();
    expect(outlet.querySelector('ul')).toBe(served);
    expect(outlet.querySelector('header')).toBeNull();
    expect(outlet.textContent).toContain('signed in: ann@example.com');
    expect(reports).toEqual([]);
    expect(request).not.toHaveBeenCalled();
    await act(() => explore.unmount(props));
  });
});
