/** The body of a route that answers with an image (the contract's `reply: 'image'`). */
export interface ImageBody {
  readonly image: true;
}

/**
 * What a route handler may return besides plain JSON data. T is what the body carries, for the types only:
 * a handler's result is checked against its route's reply in the contract (shared/contract).
 */
export class HttpResult<T = unknown> {
  declare readonly carries?: T;

  constructor(
    readonly statusCode: number,
    readonly body: string,
    readonly headers: Record<string, string> = {},
    readonly isBase64Encoded = false,
  ) {}
}

/** The body of a page (the contract's `reply: 'html'`): a whole HTML document. */
export interface HtmlBody {
  readonly html: true;
}

/** The body of a route that answers with a file to download (the contract's `file: true`). */
export interface FileBody {
  readonly file: true;
}

/** A file to download, named in Content-Disposition (an ASCII name, and the same in UTF-8 for browsers that read it). */
export function download(data: Buffer, contentType: string, fileName: string): HttpResult<FileBody> {
  return new HttpResult(
    200,
    data.toString('base64'),
    {
      'content-type': contentType,
      'content-disposition': `attachment; filename="${fileName}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
    },
    true,
  );
}

export function json<T>(data: T, statusCode = 200, headers: Record<string, string> = {}): HttpResult<T> {
  return new HttpResult(statusCode, JSON.stringify(data), { 'content-type': 'application/json; charset=utf-8', ...headers });
}

export function binary(data: Buffer, contentType: string, headers: Record<string, string> = {}): HttpResult<ImageBody> {
  return new HttpResult(200, data.toString('base64'), { 'content-type': contentType, ...headers }, true);
}

export function text(data: string, contentType: string, headers: Record<string, string> = {}): HttpResult<ImageBody> {
  return new HttpResult(200, data, { 'content-type': contentType, ...headers });
}

export const noContent = () => new HttpResult(204, '', {});

/** A page the function renders; never stored by any cache (it may hold what the reader typed, or what was found). */
export function html(page: string, statusCode = 200, headers: Record<string, string> = {}): HttpResult<HtmlBody> {
  return new HttpResult(statusCode, page, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'private, no-store',
    ...headers,
  });
}

/** 303 See Other: after a form's POST, the browser GETs the given page. */
export function seeOther(location: string): HttpResult<HtmlBody> {
  return new HttpResult(303, '', { location, 'cache-control': 'private, no-store' });
}
