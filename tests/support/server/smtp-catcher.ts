/**
 * A real SMTP server for tests (the smtp-server package) on a free port: keeps every mail it accepts,
 * parsed (mailparser) and raw, and refuses the next mails with a temporary error when told to.
 */
import { renameSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface CaughtMail {
  envelopeTo: string[];
  raw: string;
  parsed: ParsedMail;
}

export interface SmtpCatcher {
  /** `smtp://127.0.0.1:<port>`, for SMTP_URL. */
  url: string;
  mails: CaughtMail[];
  /** Answers the next `count` mails' DATA with `451 …` (a temporary failure); -1 refuses until told otherwise. */
  refuse(count: number, message?: string): void;
  /** Answers `550 No such user` to this recipient, as a server does for an unknown mailbox. */
  rejectRecipient(address: string): void;
  /** Waits `ms` before accepting each mail, so senders running side by side overlap. */
  delayEachMail(ms: number): void;
  close(): Promise<void>;
}

/** What `saveTo` writes for each mail: one JSON file, named in arrival order, for other processes to read. */
export interface SavedMail {
  /** The outbox row's id, from the Message-ID `<id@domain>`. */
  outboxId: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  attachments: string[];
}

/** `saveTo`: a folder where each accepted mail is also written as JSON (the browser tests' workers read it). */
export async function startSmtpCatcher(options: { saveTo?: string } = {}): Promise<SmtpCatcher> {
  const mails: CaughtMail[] = [];
  let refusals = 0;
  let refusal = 'Try again later';
  let delayMs = 0;
  const unknownRecipients = new Set<string>();
  const server = new SMTPServer({
    authOptional: true,
    // Plain SMTP on loopback: nodemailer would otherwise try STARTTLS against a self-signed certificate.
    disabledCommands: ['STARTTLS'],
    logger: false,
    // The client is this process on loopback: no name to look up.
    disableReverseLookup: true,
    onRcptTo(address, _session, callback) {
      if (unknownRecipients.has(address.address)) return callback(Object.assign(new Error('No such user'), { responseCode: 550 }));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', async () => {
        if (refusals !== 0) {
          if (refusals > 0) refusals -= 1;
          return callback(Object.assign(new Error(refusal), { responseCode: 451 }));
        }
        if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
        const raw = Buffer.concat(chunks).toString('utf8');
        const mail = { envelopeTo: session.envelope.rcptTo.map((r) => r.address), raw, parsed: await simpleParser(raw) };
        mails.push(mail);
        if (options.saveTo) save(options.saveTo, mails.length, mail);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    refuse(count, message = 'Try again later') {
      refusals = count;
      refusal = message;
    },
    rejectRecipient(address) {
      unknownRecipients.add(address);
    },
    delayEachMail(ms) {
      delayMs = ms;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function save(folder: string, number: number, { envelopeTo, parsed }: CaughtMail): void {
  const saved: SavedMail = {
    outboxId: /^<([^@>]+)@/.exec(parsed.messageId ?? '')?.[1] ?? '',
    to: envelopeTo,
    subject: parsed.subject ?? '',
    text: parsed.text ?? '',
    html: typeof parsed.html === 'string' ? parsed.html : '',
    attachments: parsed.attachments.map((a) => a.filename ?? ''),
  };
  // Written aside, then renamed: a reader in another process never sees a half-written file.
  const file = join(folder, `${String(number).padStart(6, '0')}.json`);
  writeFileSync(`${file}.partial`, JSON.stringify(saved));
  renameSync(`${file}.partial`, file);
}
