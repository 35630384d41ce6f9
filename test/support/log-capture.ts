import { vi } from 'vitest';
import { resetEnvCache } from '@functions/lib/env';

/**
 * Turns the handlers' logs on at debug level and collects every line they write (outside Lambda the logger
 * writes through the console) into the returned array. Undo with vi.restoreAllMocks().
 */
export function captureLogLines(): string[] {
  const lines: string[] = [];
  process.env.LOG_LEVEL = 'debug';
  resetEnvCache();
  const capture = (...args: unknown[]) => void lines.push(args.map(String).join(' '));
  vi.spyOn(console, 'log').mockImplementation(capture);
  vi.spyOn(console, 'error').mockImplementation(capture);
  vi.spyOn(console, 'warn').mockImplementation(capture);
  return lines;
}
