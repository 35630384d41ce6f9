import { env } from './env';

/** Structured JSON logs. Never pass Aadhaar numbers, passwords or tokens; known secret fields are dropped. */
const LEVELS = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 } as const;
type Level = Exclude<keyof typeof LEVELS, 'silent'>;

const SECRET_KEYS = /pass(word)?|token|authorization|aadhaar|adhar|secret|cookie/i;
const TWELVE_DIGITS = /\b\d{4}\s?\d{4}\s?\d{4}\b/g;

function scrub(value: unknown, depth = 0): unknown {
  if (depth > 4) return '[deep]';
  if (typeof value === 'string') return value.replace(TWELVE_DIGITS, '[redacted]');
  if (Array.isArray(value)) return value.map((v) => scrub(v, depth + 1));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = SECRET_KEYS.test(k) ? '[redacted]' : scrub(v, depth + 1);
    return out;
  }
  return value;
}

function write(level: Level, msg: string, fields: Record<string, unknown> = {}) {
  let threshold: number = LEVELS.info;
  try {
    threshold = LEVELS[env().LOG_LEVEL];
  } catch {
    /* configuration not readable yet: default level */
  }
  if (LEVELS[level] < threshold) return;
  const line = JSON.stringify({ level, time: new Date().toISOString(), msg, ...(scrub(fields) as object) });
  if (level === 'error' || level === 'warn') console.error(line);
  else console.log(line);
}

export const log = {
  debug: (msg: string, f?: Record<string, unknown>) => write('debug', msg, f),
  info: (msg: string, f?: Record<string, unknown>) => write('info', msg, f),
  warn: (msg: string, f?: Record<string, unknown>) => write('warn', msg, f),
  error: (msg: string, f?: Record<string, unknown>) => write('error', msg, f),
};
