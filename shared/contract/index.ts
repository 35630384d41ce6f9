import type * as z from 'zod';
import type { RouteKey } from '../routes';
import { adminContract } from './admin';
import { allocationContract } from './allocation';
import { authContract } from './auth';
import { cmsContract } from './cms';
import { counterContract } from './counter';
import { cropsContract } from './crops';
import { dashboardContract } from './dashboard';
import { exportsContract } from './exports';
import { farmersContract } from './farmers';
import { homeContract } from './home';
import { lotsContract } from './lots';
import { notificationsContract } from './notifications';
import { producersContract } from './producers';
import { registrationsContract } from './registrations';
import { salesContract } from './sales';
import type { RouteContract } from './types';

/**
 * The API contract: for every route of the route table (shared/routes.ts), the schemas of what it takes
 * and what it answers, one file per area. The functions type their route map with it
 * (functions/lib/handler.ts), the browser's client derives its calls from it (frontend/src/lib/api.ts), and
 * the integration harness checks every 2xx reply against it (test/support/api.ts). The functions and the
 * browser import only its types; only the tests parse replies.
 */
export const CONTRACT = {
  ...authContract,
  ...adminContract,
  ...producersContract,
  ...cropsContract,
  ...lotsContract,
  ...farmersContract,
  ...homeContract,
  ...registrationsContract,
  ...salesContract,
  ...dashboardContract,
  ...allocationContract,
  ...cmsContract,
  ...counterContract,
  ...exportsContract,
  ...notificationsContract,
} as const satisfies { readonly [K in RouteKey]: RouteContract };

export type Contract = typeof CONTRACT;
export type { AreaContract, RouteContract, RouteKeyOf } from './types';

type SchemaOf<C, F extends 'params' | 'query' | 'body'> = C extends { [P in F]: infer S extends z.ZodType } ? S : undefined;

/** What the route's handler gets once a request part is parsed (nothing for a part the route does not take). */
export type ParsedPart<C, F extends 'params' | 'query' | 'body'> =
  SchemaOf<C, F> extends z.ZodType ? z.output<SchemaOf<C, F>> : F extends 'body' ? undefined : Record<string, never>;

/** What a client may send as a request part. */
export type SentPart<C, F extends 'params' | 'query' | 'body'> =
  SchemaOf<C, F> extends z.ZodType ? z.input<SchemaOf<C, F>> : never;

/** The JSON a 2xx of the route carries (never for image routes). */
export type ReplyData<C> = C extends { reply: infer R extends z.ZodType } ? z.output<R> : never;

/** Keys of the routes that answer JSON. */
export type JsonRouteKey = { [K in RouteKey]: Contract[K]['reply'] extends 'image' | 'html' ? never : K }[RouteKey];
