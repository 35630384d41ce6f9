import { createServer } from 'node:net';

/**
 * Refuses to start on a port something else holds, with a message naming the setting to change. The
 * stand-ins would otherwise fail later with a bare EADDRINUSE (s3rver even as an unhandled error event).
 */
/** `host` undefined: all interfaces, as the gateway listens. */
export async function assertPortFree(port: number, setting: string, host?: string): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', (e: NodeJS.ErrnoException) => {
      reject(
        e.code === 'EADDRINUSE'
          ? new Error(
              `port ${port} (${setting}) is already in use, perhaps by another running copy. Stop it, or set ${setting} to a free port.`,
            )
          : e,
      );
    });
    const done = () => probe.close(() => resolve());
    if (host) probe.listen(port, host, done);
    else probe.listen(port, done);
  });
}
