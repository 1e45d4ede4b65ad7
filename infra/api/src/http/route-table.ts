import type { FastifyInstance } from 'fastify';

/** One registered route: method and URL pattern (`/api/Chats/:chatId`). */
export interface RouteEntry {
  method: string;
  url: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route the app registered, in order (the bad-input suite walks it through `GET /api/testing/routes`). */
    routeTable: RouteEntry[];
  }
}

/** Records every route registered after this call, across all plugin scopes, on `app.routeTable`. */
export function installRouteTable(app: FastifyInstance): void {
  const table: RouteEntry[] = [];
  app.decorate('routeTable', table);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      table.push({ method, url: route.url });
    }
  });
}
