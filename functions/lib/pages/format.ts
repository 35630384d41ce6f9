export { kolkataDateTime } from '@shared/kolkata-date-time';
export { indiaDay, indiaLongDay } from '@shared/india-day';

/** Kilograms as the app shows them (up to 3 decimals, Indian grouping). */
let kgFormat: Intl.NumberFormat | undefined;
export const kg = (n: number) => (kgFormat ??= new Intl.NumberFormat('en-IN', { maximumFractionDigits: 3 })).format(n);

/** The path of a route with its parameters filled in and its query (empty values left out). */
export function routePath(path: string, params: Record<string, string>, query: Record<string, string | number | undefined> = {}) {
  const filled = path.replace(/\{(\w+)\}/g, (_m, name: string) => encodeURIComponent(params[name] ?? ''));
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== '') q.set(k, String(v));
  const qs = q.toString();
  return qs ? `${filled}?${qs}` : filled;
}
