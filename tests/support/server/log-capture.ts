/** The server's log lines as a test reads them: the logger swapped for one writing parsed lines to a list. */
import { Writable } from 'node:stream';
import { createLogger, useLogger } from '../../../server/observability/logger';

export interface LogLine {
  level: string;
  msg: string;
  requestId?: string;
  job?: string;
  userId?: string;
  [key: string]: unknown;
}

export interface CapturedLog {
  lines: LogLine[];
  /** Every line as written (JSON), for looking for what must never be there. */
  text(): string;
  /** Puts the server's own logger back. */
  restore(): void;
}

export function captureLog(): CapturedLog {
  const raw: string[] = [];
  const lines: LogLine[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) {
        raw.push(line);
        lines.push(JSON.parse(line) as LogLine);
      }
      done();
    },
  });
  const restore = useLogger(createLogger('debug', stream));
  return { lines, text: () => raw.join('\n'), restore };
}
