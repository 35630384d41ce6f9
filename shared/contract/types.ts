import type * as z from 'zod';
import type { FunctionArea, ROUTES } from '../routes';

/**
 * What one route takes and answers. The request schemas are the ones its handler parses with; `reply` is
 * the JSON body of a 2xx, 'image' for the QR routes (PNG or SVG), or 'html' for the pages (a whole HTML document).
 */
export interface RouteContract {
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /**
   * The handler reads the body itself (a multipart form, or a JSON form answered with the form's own
   * messages); `body` is then what a client sends, not a schema the handler is given.
   */
  bodyReadByHandler?: true;
  reply: z.ZodType | 'image' | 'html';
  /** Besides the JSON reply, a 2xx may carry a file (an export): the JSON then comes with a JSON content type. */
  file?: true;
  /** Besides the JSON reply, the route may answer a browser's form post with a page or a redirect to one. */
  page?: true;
}

type Route = (typeof ROUTES)[number];

/** Keys ('GET /api/lots') of one area's routes. */
export type RouteKeyOf<A extends FunctionArea> = Route extends infer R
  ? R extends Route & { area: A }
    ? `${R['method']} ${R['path']}`
    : never
  : never;

/** An area's contract: one entry per route of the area in the route table, and no other. */
export type AreaContract<A extends FunctionArea> = { readonly [K in RouteKeyOf<A>]: RouteContract };
