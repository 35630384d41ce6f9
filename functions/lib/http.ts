/** What a route handler may return besides plain JSON data. */
export class HttpResult {
  constructor(
    readonly statusCode: number,
    readonly body: string,
    readonly headers: Record<string, string> = {},
    readonly isBase64Encoded = false,
  ) {}
}

export function json(data: unknown, statusCode = 200, headers: Record<string, string> = {}): HttpResult {
  return new HttpResult(statusCode, JSON.stringify(data), { 'content-type': 'application/json; charset=utf-8', ...headers });
}

export function binary(data: Buffer, contentType: string, headers: Record<string, string> = {}): HttpResult {
  return new HttpResult(200, data.toString('base64'), { 'content-type': contentType, ...headers }, true);
}

export function text(data: string, contentType: string, headers: Record<string, string> = {}): HttpResult {
  return new HttpResult(200, data, { 'content-type': contentType, ...headers });
}

export const noContent = () => new HttpResult(204, '', {});
