import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A built web app's shape in a temporary folder, index.html and one script under assets/, for tests that serve or
 * deploy an app and need no real build. The caller removes it when done, if it must.
 */
export function fakeAppShell(prefix = 'seed-dist-', script = 'index-abc123.js'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(join(dir, 'assets', script), 'console.log(1)');
  return dir;
}
