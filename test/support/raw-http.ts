import net from 'node:net';

/**
 * HTTP over a raw socket, for requests no HTTP client would send: malformed request lines, bodies shorter
 * than their Content-Length, chunked bodies cut off, a client that goes away mid-body.
 */
/** The body: a multipart form cut off inside the file part (boundary zzz). */
export const TRUNCATED_FILE_PART =
  '--zzz\r\nContent-Disposition: form-data; name="FileAdhar"; filename="a.png"\r\nContent-Type: image/png\r\n\r\nabc';

/** A request head asking the server to close the connection after its answer. */
export function requestHead(method: string, target: string, headers: Record<string, string | number> = {}): string {
  const lines = [`${method} ${target} HTTP/1.1`, 'Host: localhost', 'Connection: close'];
  for (const [k, v] of Object.entries(headers)) lines.push(`${k}: ${v}`);
  return `${lines.join('\r\n')}\r\n\r\n`;
}

export interface RawReply {
  /** The final (non-1xx) status, or null when the server closed the connection without answering. */
  status: number | null;
  /** Everything the server sent. */
  text: string;
}

export interface RawRequest {
  /** Sent as soon as the socket is open. */
  head: string | Buffer;
  /**
   * After the head (with "Expect: 100-continue" in it, once the server's "100 Continue" shows the request
   * has reached its handler): these bytes, then how the client leaves.
   */
  afterContinue?: { body: string | Buffer; andThen: 'half-close' | 'destroy' };
  /** After the head, without waiting: close the sending side (the server sees the body end early). */
  halfClose?: boolean;
}

function statusOf(text: string): number | null {
  const codes = [...text.matchAll(/^HTTP\/1\.[01] (\d{3})/gm)].map((m) => Number(m[1])).filter((c) => c >= 200);
  return codes[0] ?? null;
}

/** Sends one request over a new connection and collects what comes back until the server closes it. */
export function rawRequest(base: string, req: RawRequest): Promise<RawReply> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: hostname, port: Number(port), allowHalfOpen: true });
    const received: Buffer[] = [];
    let continued = false;
    const text = () => Buffer.concat(received).toString('utf8');
    socket.on('data', (d: Buffer) => {
      received.push(d);
      if (req.afterContinue && !continued && /^HTTP\/1\.1 100 /m.test(text())) {
        continued = true;
        socket.write(req.afterContinue.body, () => {
          if (req.afterContinue!.andThen === 'destroy') {
            socket.destroy();
            resolve({ status: statusOf(text()), text: text() });
          } else socket.end();
        });
      }
    });
    socket.on('error', (e: NodeJS.ErrnoException) => {
      // A reset after the server answered (or dropped us) is the server closing, not a failure of the test.
      if (e.code === 'ECONNRESET' || e.code === 'EPIPE') resolve({ status: statusOf(text()), text: text() });
      else reject(e);
    });
    socket.on('close', () => resolve({ status: statusOf(text()), text: text() }));
    socket.on('end', () => socket.end());
    socket.write(req.head, () => {
      if (req.halfClose) socket.end();
    });
  });
}
