/**
 * The server's structured log: one JSON line per event (pino), each carrying the current request's or job
 * round's context (log-context.ts). `LOG_LEVEL` chooses how much (`info` by default, `silent` in the test
 * suites unless asked for); info and debug go to stdout, warnings and errors to stderr.
 */
import pino, { type DestinationStream, type Logger } from 'pino';
import { currentLogContext } from './log-context';

const LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LEVELS)[number];

/** `LOG_LEVEL` when it names a level; otherwise `info`. */
export function logLevelFrom(text: string | undefined): LogLevel {
  const level = text?.trim().toLowerCase();
  return (LEVELS as readonly string[]).includes(level ?? '') ? (level as LogLevel) : 'info';
}

/**
 * Keys whose values never reach the log, wherever a caller puts them: a line names what happened, never
 * a secret. The request log writes none of them to begin with; this stops a careless `log.info({ body })`.
 */
const REDACTED_KEYS = ['password', 'newPassword', 'currentPassword', 'token', 'refreshToken', 'accessToken', 'authorization', 'cookie', 'cardNumber', 'cvc', 'body'];
const REDACT_PATHS = REDACTED_KEYS.flatMap((key) => [key, `*.${key}`]);

export function createLogger(level: LogLevel, destination?: DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level,
    base: { pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    // Every line names the request or job round it belongs to.
    mixin: () => ({ ...currentLogContext() }),
  };
  if (destination) return pino(options, destination);
  return pino(
    options,
    pino.multistream(
      [
        { level: 'trace', stream: pino.destination({ dest: 1, sync: true }) },
        { level: 'warn', stream: pino.destination({ dest: 2, sync: true }) },
      ],
      { dedupe: true },
    ),
  );
}

let current: Logger = createLogger(logLevelFrom(process.env.LOG_LEVEL));

/** The server's logger (the one `useLogger` last set). */
export function log(): Logger {
  return current;
}

/** Replaces the server's logger (tests capture lines with it); returns the way to put the old one back. */
export function useLogger(logger: Logger): () => void {
  const previous = current;
  current = logger;
  return () => {
    current = previous;
  };
}
