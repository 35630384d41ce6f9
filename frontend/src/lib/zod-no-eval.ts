/**
 * zod compiles object parsers with `new Function` unless told not to, and first probes whether it may. The
 * site's Content-Security-Policy allows no eval, so the probe is a CSP violation in every visitor's console.
 * zod reads its settings from this global when its schemas are built: set it before any of them is (this
 * module is the entry's first import, so it runs before any chunk that builds a schema).
 */
const g = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
(g.__zod_globalConfig ??= {}).jitless = true;

export {};
