/**
 * Where e-mail leaves the server: an SMTP server (SMTP_URL) through nodemailer. Without SMTP_URL there is
 * no transport, and mail stays queued in the outbox (readable at /dev/mail outside production).
 */
import type { Transporter } from 'nodemailer';
import { PermanentDeliveryError } from './delivery-error';

export interface MailAttachment {
  fileName: string;
  contentType: string;
  content: Buffer;
}

/** A mail ready to go: both parts written, every header on one line. */
export interface OutgoingMail {
  /** A stable Message-ID (`<outbox-id@sender's domain>`), so a receiver can spot a mail sent twice. */
  messageId: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments: MailAttachment[];
}

export interface MailTransport {
  /** Where it sends, for the start-up line (no password). */
  readonly description: string;
  /** Resolves once the server has accepted the mail; rejects with its answer otherwise. */
  send(mail: OutgoingMail): Promise<void>;
  /** Closes the connections kept open between mails. */
  close(): void;
}

/** `MAIL_FROM`'s default: the club's name on a no-reply address. */
export const DEFAULT_MAIL_FROM = '"The Aldrich Club" <no-reply@aldrich.club>';

/** Time-outs that keep one attempt well inside a sender's claim on the message (services/outbox-sender.ts). */
const SMTP_TIMEOUTS = { connectionTimeout: 20_000, greetingTimeout: 20_000, socketTimeout: 60_000 };

/** An SMTP transport for `url` (`smtp://user:pass@host:587`, `smtps://…:465`), sending as `from`. */
export function smtpTransport(url: string, from: string): MailTransport {
  // Connections are kept and reused: a new one for each mail cost about 100 ms (9 mails/s, against 83 pooled).
  // nodemailer loaded with the first mail: a server without SMTP_URL keeps it out of its memory (npm run bench:start).
  let made: Promise<Transporter> | undefined;
  const transporter = () => (made ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport({ url, pool: true, ...SMTP_TIMEOUTS })));
  const where = new URL(url);
  return {
    description: `SMTP ${where.protocol}//${where.host}`,
    async send(mail) {
      await (await transporter()).sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        messageId: mail.messageId,
        text: mail.text,
        html: mail.html,
        attachments: mail.attachments.map((a) => ({ filename: a.fileName, contentType: a.contentType, content: a.content })),
      }).catch((error: unknown) => {
        throw isPermanentRefusal(error) ? new PermanentDeliveryError((error as Error).message, { cause: error }) : error;
      });
    },
    close: () => void made?.then((t) => t.close()),
  };
}

/**
 * A 5xx answer to the recipient or the message itself is final. Any other failure (4xx, a time-out, a
 * refused log-in: the settings can be mended) is worth another attempt.
 */
function isPermanentRefusal(error: unknown): boolean {
  const { code, responseCode } = error as { code?: string; responseCode?: number };
  return (code === 'EENVELOPE' || code === 'EMESSAGE') && typeof responseCode === 'number' && responseCode >= 500 && responseCode < 600;
}

/** The domain of a From address, for Message-IDs. */
export function fromDomain(from: string): string {
  const match = /@([^\s>@"]+)\s*>?\s*$/.exec(from);
  return match ? match[1]! : 'localhost';
}
