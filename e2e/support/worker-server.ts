/**
 * The server this Playwright worker's tests use. global-setup.ts starts one per worker and lists their
 * relay ports in E2E_PORT and their mail folders in E2E_MAIL_DIR, in the order of the workers' parallel
 * index; an outside server (one port, no mail folder) serves every worker.
 */
import { delimiter } from 'node:path';

export interface WorkerServer {
  /** The relay's port, which the test's own loopback address connects to. */
  port: string;
  /** Where that server's SMTP server keeps the mail it received (none for an outside server). */
  mailDir: string | undefined;
}

export function workerServer(): WorkerServer {
  const ports = (process.env.E2E_PORT ?? '').split(',').filter(Boolean);
  if (ports.length === 0) throw new Error('E2E_PORT is not set: run the tests through playwright.config.ts (its globalSetup starts the servers)');
  // A worker started again after a failure keeps its parallel index, and so its server.
  const index = Number(process.env.TEST_PARALLEL_INDEX ?? 0) % ports.length;
  const mailDirs = process.env.E2E_MAIL_DIR?.split(delimiter);
  return { port: ports[index]!, mailDir: mailDirs?.[index] };
}
