import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type { FunctionArea } from '@shared/routes';

/**
 * The Lambda handler of each API area, loaded on first use like a cold start.
 * The stack bundles functions/<area>/handler.ts for each area; this map must name the same files.
 */
export type AreaHandler = (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyStructuredResultV2>;

export const AREA_LOADERS: Partial<Record<FunctionArea, () => Promise<{ handler: unknown }>>> = {
  auth: () => import('@functions/auth/handler'),
  admin: () => import('@functions/admin/handler'),
  producers: () => import('@functions/producers/handler'),
  crops: () => import('@functions/crops/handler'),
  lots: () => import('@functions/lots/handler'),
  farmers: () => import('@functions/farmers/handler'),
  home: () => import('@functions/home/handler'),
  registrations: () => import('@functions/registrations/handler'),
  sales: () => import('@functions/sales/handler'),
  dashboard: () => import('@functions/dashboard/handler'),
  allocation: () => import('@functions/allocation/handler'),
  cms: () => import('@functions/cms/handler'),
  counter: () => import('@functions/counter/handler'),
  exports: () => import('@functions/exports/handler'),
  notifications: () => import('@functions/notifications/handler'),
};

const loaded = new Map<FunctionArea, Promise<AreaHandler>>();

export function handlerFor(area: FunctionArea): Promise<AreaHandler> {
  let p = loaded.get(area);
  if (!p) {
    const load = AREA_LOADERS[area];
    if (!load) throw new Error(`No handler registered for area ${area}`);
    p = load().then((m) => m.handler as AreaHandler);
    loaded.set(area, p);
  }
  return p;
}
