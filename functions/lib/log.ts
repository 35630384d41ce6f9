import { LogFormatter, LogItem, LogLevelThreshold, Logger } from '@aws-lambda-powertools/logger';
import type { LogAttributes, LogLevel, UnformattedAttributes } from '@aws-lambda-powertools/logger/types';
import { redactDigitRuns } from '@shared/redact';
import { env } from './env';

/**
 * Structured JSON logs through AWS Lambda Powertools Logger (docs/decisions/0012-logging-and-metrics.md).
 * Never pass Aadhaar numbers, passwords or tokens. Whatever is passed, every line is redacted in one place
 * (SeedLogger.printLog, through scrub()) just before it is written: the message, every field at any depth
 * and the logger's own attributes. Known secret fields are dropped and any run of 12 or more digits is
 * replaced. LOG_LEVEL (debug, info, warn, error, silent) is read through the parsed configuration on every
 * call, so a change picked up by resetEnvCache() applies at once.
 */
const SECRET_KEYS = /pass(word)?|token|authorization|aadhaar|adhar|secret|cookie/i;
const REDACTED = '[redacted]';
/** An integer of 12 or more digits, logged as a number rather than as text. */
const LONG_INTEGER = 1e11;

export { redactDigitRuns };

export function scrub(value: unknown, depth = 0): unknown {
  if (depth > 8) return '[deep]';
  if (typeof value === 'string') return redactDigitRuns(value);
  if (typeof value === 'number' || typeof value === 'bigint') return Math.abs(Number(value)) >= LONG_INTEGER ? REDACTED : value;
  if (Array.isArray(value)) return value.map((v) => scrub(v, depth + 1));
  if (value instanceof Error) return scrub({ name: value.name, message: value.message, stack: value.stack }, depth);
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[redactDigitRuns(k)] = SECRET_KEYS.test(k) ? REDACTED : scrub(v, depth + 1);
    return out;
  }
  return value;
}

/** The same line shape as before Powertools: level, time, msg, then the fields. */
class LineFormatter extends LogFormatter {
  formatAttributes(a: UnformattedAttributes, extra: LogAttributes): LogItem {
    const ctx = a.lambdaContext;
    return new LogItem({
      attributes: {
        level: a.logLevel.toLowerCase(),
        time: this.formatTimestamp(a.timestamp),
        msg: a.message,
        service: a.serviceName,
        ...(ctx ? { requestId: ctx.awsRequestId, coldStart: ctx.coldStart } : {}),
        ...(a.xRayTraceId ? { xrayTraceId: a.xRayTraceId } : {}),
      },
    }).addAttributes(extra);
  }
}

/**
 * In Lambda, Powertools writes with its own Console (plain JSON lines, no runtime prefix). Elsewhere (the local
 * gateway, tests) lines go through the global console as they always did: warn and error to stderr.
 */
class SeedLogger extends Logger {
  protected override printLog(level: number, item: LogItem): void {
    item.setAttributes(scrub(item.getAttributes()) as LogAttributes);
    if (process.env.AWS_LAMBDA_FUNCTION_NAME) return super.printLog(level, item);
    item.prepareForPrint();
    const line = JSON.stringify(item.getAttributes(), this.getJsonReplacer());
    if (level >= LogLevelThreshold.WARN) console.error(line);
    else console.log(line);
  }
}

type Level = 'debug' | 'info' | 'warn' | 'error' | 'silent';

let logger: SeedLogger | undefined;
let current: Level | undefined;

function ready(): SeedLogger {
  let level: Level = 'info';
  try {
    level = env().LOG_LEVEL;
  } catch {
    /* the rest of the configuration is not readable yet: honour LOG_LEVEL alone when it is a known level */
    const raw = process.env.LOG_LEVEL;
    if (raw === 'debug' || raw === 'info' || raw === 'warn' || raw === 'error' || raw === 'silent') level = raw;
  }
  logger ??= new SeedLogger({
    serviceName: process.env.POWERTOOLS_SERVICE_NAME || 'seed-portal',
    logLevel: level.toUpperCase() as LogLevel,
    logFormatter: new LineFormatter(),
  });
  if (level !== current) {
    logger.setLogLevel(level.toUpperCase() as LogLevel);
    current = level;
  }
  return logger;
}

function write(level: Exclude<Level, 'silent'>, msg: string, fields: Record<string, unknown> = {}) {
  ready()[level](msg, fields as LogAttributes);
}

export const log = {
  debug: (msg: string, f?: Record<string, unknown>) => write('debug', msg, f),
  info: (msg: string, f?: Record<string, unknown>) => write('info', msg, f),
  warn: (msg: string, f?: Record<string, unknown>) => write('warn', msg, f),
  error: (msg: string, f?: Record<string, unknown>) => write('error', msg, f),
};
