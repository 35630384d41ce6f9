import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';

/**
 * The built files compressed once per build, not once per process: brotli at its best quality (the sizes the
 * first-view budgets measure) takes about two seconds for the app's files, and every test file starts a gateway of
 * its own. The compressed copies are kept on disk under node_modules/.cache, named by the file, its size and its
 * time of change, so a new build makes new copies and a copy is never served for another version.
 */
const CACHE_DIR = join(process.cwd(), 'node_modules', '.cache', 'seed-portal-compressed');
const inMemory = new Map<string, Buffer>();

export function compressedFile(file: string, encoding: 'br' | 'gzip'): Buffer {
  const { mtimeMs, size } = statSync(file);
  const key = createHash('sha256').update(`${encoding}\0${file}\0${size}\0${mtimeMs}`).digest('hex').slice(0, 32);
  const known = inMemory.get(key);
  if (known) return known;
  const copy = join(CACHE_DIR, `${key}.${encoding}`);
  let body: Buffer;
  try {
    body = readFileSync(copy);
  } catch {
    const raw = readFileSync(file);
    body = encoding === 'br' ? brotliCompressSync(raw) : gzipSync(raw);
    keepOnDisk(copy, body);
  }
  inMemory.set(key, body);
  return body;
}

/** Written beside, then renamed: another process reading the copy sees all of it or none. */
function keepOnDisk(copy: string, body: Buffer): void {
  try {
    mkdirSync(CACHE_DIR, { recursive: true });
    const partial = `${copy}.${process.pid}.${Math.random().toString(36).slice(2)}`;
    writeFileSync(partial, body);
    renameSync(partial, copy);
  } catch {
    // A read-only or full disk: the copy is served from memory only.
  }
}
