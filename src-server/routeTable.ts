import type { FastifyInstance } from 'fastify';

/** One method and path of the app's route table, as Fastify registered it. */
export interface RouteEntry {
  method: string;
  url: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route the app registered (hidden ones too), so tests can walk the whole table. */
    routeTable: RouteEntry[];
  }
}

/**
 * Collects every route registered after this call. Registered at the root before any route, so no route —
 * including ones hidden from the OpenAPI document — can be added without appearing here.
 */
export function collectRouteTable(app: FastifyInstance): void {
  const table: RouteEntry[] = [];
  app.decorate('routeTable', table);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) table.push({ method, url: route.url });
  });
}
