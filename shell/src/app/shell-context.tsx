import { createContext, useContext } from 'react';
import type { AppHistory, BrandInfo, HubClient, ShellBus, ThemeMode, Transport } from '@companion/contracts';
import type { RemoteLoader } from '../federation/remote-loader.ts';
import type { RouteTable } from '../routing/route-table.ts';
import type { SessionApi } from '../session/session-api.ts';

/** What the shell's own components share; remotes get the same seams through mount props instead. */
export interface ShellServices {
  history: AppHistory;
  bus: ShellBus;
  /** Resolves once `/registry.json` is read; rejects if it cannot be (every remote area then falls back). */
  loader: Promise<RemoteLoader>;
  /** The shell's pages merged with the remotes' route claims of the live registry (ADR 0235). */
  routes: RouteTable;
  transport: Transport;
  hubs: HubClient;
  /** The visitor's session: snapshot, sign-in and logout, user and balance refetch (chrome reads it). */
  session: SessionApi;
  brand: BrandInfo;
  theme: ThemeMode;
  setTheme(mode: ThemeMode): void;
}

const ShellContext = createContext<ShellServices | null>(null);

/** Provides the shell's services to its components. */
export const ShellProvider = ShellContext.Provider;

/** The shell's services. */
export function useShell(): ShellServices {
  const services = useContext(ShellContext);
  if (!services) throw new Error('useShell outside ShellProvider');
  return services;
}
