/**
 * Content-Security-Policy of every response. The SPA loads only its own scripts, styles, fonts and images;
 * MUI (emotion) injects <style> elements, hence 'unsafe-inline' for styles only. The uploads bucket is the
 * one other origin: the browser PUTs the Aadhaar scan to it (presigned) and staff view scans from it
 * (presigned GET). CloudFront sends it (infra/constructs/site.ts, with the bucket's regional domain); the local
 * gateway sends the same policy with s3rver's origin, so every end-to-end test runs the app under it.
 */
export function contentSecurityPolicy(uploadsOrigin: string): string {
  return [
    "default-src 'self'",
    `img-src 'self' data: blob: ${uploadsOrigin}`,
    `connect-src 'self' ${uploadsOrigin}`,
    "style-src 'self' 'unsafe-inline'",
    "font-src 'self'",
    "frame-ancestors 'none'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ');
}
