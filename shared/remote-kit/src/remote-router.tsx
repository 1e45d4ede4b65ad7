import type { ReactNode } from 'react';
import { unstable_HistoryRouter as HistoryRouter } from 'react-router';
import { useMountProps } from './remote-context.tsx';

type RouterHistory = Parameters<typeof HistoryRouter>[0]['history'];

/**
 * The remote's router: its own react-router instance over the shell's shared history, rooted at the
 * path the shell mounted it for. Links inside the remote and back/forward stay in sync with the shell.
 */
export function RemoteRouter({ children }: { children: ReactNode }) {
  const { history, basename } = useMountProps();
  // AppHistory is react-router's History shape; only the Action enum's nominal type differs.
  return (
    <HistoryRouter
      history={history as unknown as RouterHistory}
      basename={basename === '/' ? undefined : basename}
    >
      {children}
    </HistoryRouter>
  );
}
