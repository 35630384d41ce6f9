import type { RouteKey } from '../routes';
import type { Contract, SentPart } from './index';

/**
 * What a call of a route sends, typed from the contract: its path parameters, query and body. The browser's
 * client (frontend/src/lib/api.ts) and the tests' client (test/support/api.ts) both take their calls this way.
 */
type PathOf<K extends string> = K extends `${string} ${infer P}` ? P : never;
type ParamNames<P extends string> = P extends `${string}{${infer N}}${infer Rest}` ? N | ParamNames<Rest> : never;
type QueryValue = string | number | boolean | null | undefined;
type NoneOf<T> = [T] extends [never] ? true : false;

type ParamsOption<K extends RouteKey> =
  NoneOf<ParamNames<PathOf<K>>> extends true
    ? { params?: undefined }
    : { params: Record<ParamNames<PathOf<K>>, string | number> };
type QueryOption<K extends RouteKey> =
  NoneOf<SentPart<Contract[K], 'query'>> extends true
    ? { query?: undefined }
    : { query?: { [Q in keyof SentPart<Contract[K], 'query'>]?: QueryValue } };
type BodyOption<K extends RouteKey> =
  NoneOf<SentPart<Contract[K], 'body'>> extends true ? { body?: undefined } : { body: SentPart<Contract[K], 'body'> };

export type RouteSend<K extends RouteKey> = ParamsOption<K> & QueryOption<K> & BodyOption<K>;

/** A call's options as a rest argument: required when the route has path parameters or a body. */
export type RouteArgs<K extends RouteKey, Extra> = {} extends RouteSend<K> & Extra
  ? [opts?: RouteSend<K> & Extra]
  : [opts: RouteSend<K> & Extra];

/** The route's method, its path with the parameters filled in (each encoded), and its query. */
export function routeTarget<Q>(
  key: RouteKey,
  opts: { params?: Record<string, string | number>; query?: Q } = {},
): { method: string; path: string; query: Q | undefined } {
  const space = key.indexOf(' ');
  const path = key
    .slice(space + 1)
    .replace(/\{(\w+)\}/g, (_m, name: string) => encodeURIComponent(String(opts.params?.[name] ?? '')));
  return { method: key.slice(0, space), path, query: opts.query };
}
