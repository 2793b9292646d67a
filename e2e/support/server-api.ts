/**
 * The test's side door into the running server: its clock (/dev/clock), its outbox (/dev/outbox) and
 * plain API calls (log in, sign up), made from the same client address as the test's browser.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SavedMail } from '../../tests/support/server/smtp-catcher';
import { DEMO, type DemoAccount } from './constants';

/** The server's test clock. */
export interface ServerClock {
  now: Date;
  frozen: boolean;
}

/** A mail or SMS the server sent, as /dev/outbox lists it. */
export interface OutboxMessage {
  id: string;
  channel: 'EMAIL' | 'SMS';
  recipient: string;
  subject: string | null;
  body: string;
  attachments: { fileName: string; contentType: string }[];
  createdAt: string;
}

/** Tokens as the API hands them out, plus the user they belong to. */
export interface Session {
  token: string;
  refreshToken: string;
  user: { _id: string; email: string; firstName: string; lastName: string; role: string; [key: string]: unknown };
}

/** A user made for one test by `signUp`: its log-in, mobile number and a live session. */
export interface NewUser extends Session {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  mobileCountryCode: string;
  mobileNumber: string;
}

export class ApiCallError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    what: string,
  ) {
    super(`${what} answered ${status}: ${JSON.stringify(body)}`);
  }
}

/** What to hold or book through the API: a venue's domain, an experience by name, a date, a time label, a party. */
export interface TableRequest {
  domain: string;
  experience: string;
  /** YYYY-MM-DD (see `bookingDay`). */
  date: string;
  /** As the wizard shows it: '12:30 pm'. */
  time: string;
  guests: number;
}

/** Minutes from midnight of a time label like '6:00 pm' (after midnight: '12:30 am' is 1470, as the server counts). */
export function minutesOf(time: string): number {
  const match = /^(\d{1,2}):(\d{2})\s*(am|pm)$/i.exec(time.trim());
  if (!match) throw new Error(`Not a time like '6:00 pm': ${time}`);
  const hour = Number(match[1]) % 12;
  const minutes = (match[3]!.toLowerCase() === 'pm' ? hour + 12 : hour) * 60 + Number(match[2]);
  // The service day runs past midnight: early-morning times belong to the evening before.
  return minutes < 5 * 60 ? minutes + 24 * 60 : minutes;
}

let userCount = 0;

export class TestServer {
  /** `baseURL`: this test's address of the server (its own 127.x client address, see fixtures.ts). */
  constructor(
    readonly baseURL: string,
    /** Where the run's SMTP server keeps this server's mail (none for an outside server: its outbox is read instead). */
    private readonly mailDir?: string,
  ) {}

  /** Calls the API and returns the status and parsed body; `expectOk` throws on anything but 2xx. */
  async call<T = any>(
    method: string,
    path: string,
    options: { body?: unknown; token?: string; expectOk?: boolean } = {},
  ): Promise<{ status: number; body: T }> {
    const res = await fetch(new URL(path, this.baseURL), {
      method,
      headers: {
        ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      // Not JSON: hand back the text.
    }
    if (options.expectOk !== false && !res.ok) throw new ApiCallError(res.status, body, `${method} ${path}`);
    return { status: res.status, body: body as T };
  }

  // ---- the clock ----

  /** The server's clock now. */
  async clock(): Promise<ServerClock> {
    const { body } = await this.call<{ data: { now: string; frozen: boolean } }>('GET', '/dev/clock');
    return { now: new Date(body.data.now), frozen: body.data.frozen };
  }

  /**
   * Moves the server's clock (`at`, then `advanceMs`; `frozen` stops or restarts it); the server runs
   * its time-driven work (lapsed holds, payment jobs) before answering. Prefer `clocks.advance` in
   * a test with a page, which moves the page's clock too.
   */
  async setClock(change: { at?: Date | string; advanceMs?: number; frozen?: boolean }): Promise<ServerClock> {
    const at = change.at instanceof Date ? change.at.toISOString() : change.at;
    const { body } = await this.call<{ data: { now: string; frozen: boolean } }>('POST', '/dev/clock', {
      body: { ...change, at },
    });
    return { now: new Date(body.data.now), frozen: body.data.frozen };
  }

  // ---- the outbox ----

  /** The messages to `recipient` (an e-mail, or an SMS number like +85291234567), newest first. */
  async outbox(filter: { recipient?: string; channel?: 'EMAIL' | 'SMS' } = {}): Promise<OutboxMessage[]> {
    const query = new URLSearchParams();
    if (filter.recipient) query.set('recipient', filter.recipient);
    if (filter.channel) query.set('channel', filter.channel);
    const { body } = await this.call<{ data: OutboxMessage[] }>('GET', `/dev/outbox?${query}`);
    return body.data;
  }

  /**
   * The newest message to `recipient` that matches, waiting up to `timeoutMs` for it (mail is written
   * as the request that sends it finishes, or by the payment worker a moment later). `newerThan` skips
   * messages already seen (an id list, e.g. from an earlier `outbox()` call).
   */
  async waitForMessage(
    filter: { recipient: string; channel?: 'EMAIL' | 'SMS'; subject?: RegExp; body?: RegExp; newerThan?: string[] },
    timeoutMs = 10_000,
  ): Promise<OutboxMessage> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = (await this.outbox(filter)).find(
        (m) =>
          (!filter.subject || filter.subject.test(m.subject ?? '')) &&
          (!filter.body || filter.body.test(m.body)) &&
          !filter.newerThan?.includes(m.id),
      );
      if (found) return found;
      if (Date.now() > deadline) {
        throw new Error(`No message to ${filter.recipient} matching ${filter.subject ?? filter.body ?? 'anything'} in the outbox`);
      }
      await new Promise((r) => setTimeout(r, 150));
    }
  }

  /** The latest 6-digit SMS code sent to the mobile number (country code and number, e.g. '852', '61234567'). */
  async smsCode(countryCode: string, number: string, options: { newerThan?: string[] } = {}): Promise<string> {
    const message = await this.waitForMessage({ recipient: `+${countryCode}${number}`, channel: 'SMS', body: /\d{6}/, ...options });
    return /(\d{6})/.exec(message.body)![1]!;
  }

  /**
   * The first link to this app in the newest mail to `email` matching `subject`, moved to this test's
   * address (mails point at the relay's 127.0.0.1). The mail is the one that arrived at the run's SMTP
   * server (`mailDir`), so the link is what the guest's inbox has; against an outside server, the outbox's.
   */
  async mailedLink(email: string, subject?: RegExp, options: { newerThan?: string[] } = {}): Promise<string> {
    const body = this.mailDir
      ? (await this.waitForDelivery({ to: email, subject, body: /https?:\/\//, ...options })).text
      : (await this.waitForMessage({ recipient: email, channel: 'EMAIL', subject, body: /https?:\/\//, ...options })).body;
    const url = new URL(/https?:\/\/[^\s"'<>)]+/.exec(body)![0]);
    const own = new URL(this.baseURL);
    url.protocol = own.protocol;
    url.host = own.host;
    return url.toString();
  }

  /**
   * The newest mail to `to` matching, as the run's SMTP server received it, waiting up to `timeoutMs`
   * (the server's sender polls its outbox every second). `newerThan` skips mails of those outbox ids.
   */
  async waitForDelivery(
    filter: { to: string; subject?: RegExp; body?: RegExp; newerThan?: string[] },
    timeoutMs = 15_000,
  ): Promise<SavedMail> {
    const folder = this.mailDir;
    if (!folder) throw new Error('waitForDelivery: this server has no mail folder (an outside server): read its outbox instead');
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = readdirSync(folder)
        .filter((file) => file.endsWith('.json'))
        .sort()
        .reverse()
        .map((file) => JSON.parse(readFileSync(join(folder, file), 'utf8')) as SavedMail)
        .find(
          (mail) =>
            mail.to.includes(filter.to) &&
            (!filter.subject || filter.subject.test(mail.subject)) &&
            (!filter.body || filter.body.test(mail.text)) &&
            !filter.newerThan?.includes(mail.outboxId),
        );
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`No mail to ${filter.to} matching ${filter.subject ?? filter.body ?? 'anything'} arrived over SMTP`);
      await new Promise((r) => setTimeout(r, 150));
    }
  }

  /** The password-reset link last mailed to `email`. */
  resetLink(email: string, options: { newerThan?: string[] } = {}): Promise<string> {
    return this.mailedLink(email, /password/i, options);
  }

  // ---- reservations ----

  /** Holds a table through the API for `session`'s user (someone else, as the browser's guest sees it). */
  async hold(session: Session, request: TableRequest): Promise<{ _id: string; [key: string]: unknown }> {
    const { body: venue } = await this.call<{ data: { _id: string; experiences: { _id: string; name: string }[] } }>(
      'GET',
      `/public/venue/by-domain/${request.domain}`,
    );
    const experience = venue.data.experiences.find((e) => e.name === request.experience);
    if (!experience) throw new Error(`No experience '${request.experience}' at ${request.domain}`);
    const { body } = await this.call<{ data: { _id: string } }>('POST', '/user/reservation/v1.1', {
      token: session.token,
      body: {
        venueId: venue.data._id,
        experienceId: experience._id,
        date: request.date,
        startTime: minutesOf(request.time),
        numberOfGuests: request.guests,
        bookingSource: 'GUEST_WEB',
        locale: 'en',
      },
    });
    return body.data;
  }

  /** Holds and confirms a table without payment (an experience with nothing due) for `user`. */
  async book(user: NewUser, request: TableRequest): Promise<{ _id: string; [key: string]: unknown }> {
    const held = await this.hold(user, request);
    const { body } = await this.call<{ data: { _id: string } }>('PUT', `/user/reservation/v1.1/complete/${held._id}`, {
      token: user.token,
      body: {
        firstName: user.firstName,
        lastName: user.lastName,
        email: user.email,
        mobileCountryCode: user.mobileCountryCode,
        mobileNumber: user.mobileNumber,
        agreements: { cancellationPolicy: true, noShowPolicy: true, minimumSpendPolicy: true, reservationPolicy: true },
      },
    });
    return body.data;
  }

  // ---- accounts ----

  /** Logs in through the API (no page involved). */
  async logIn(account: DemoAccount | { email: string; password: string }): Promise<Session> {
    const credentials = typeof account === 'string' ? DEMO[account] : account;
    const { body } = await this.call<{ data: Session }>('POST', '/user/authentication/login', {
      body: { email: credentials.email, password: credentials.password },
    });
    return body.data;
  }

  /**
   * Signs a new guest up through the API and confirms the e-mail from the mailed link, as the person
   * would: a user no other test has touched, logged in. The mobile number is unique too (SMS codes).
   */
  async signUp(overrides: Partial<Pick<NewUser, 'firstName' | 'lastName' | 'email' | 'password' | 'mobileNumber'>> = {}): Promise<NewUser> {
    const unique = `${Date.now().toString(36)}${(userCount++).toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
    const user = {
      firstName: overrides.firstName ?? 'Tess',
      lastName: overrides.lastName ?? 'Walker',
      email: overrides.email ?? `e2e-${unique}@example.com`,
      password: overrides.password ?? 'e2e-pass-123',
      mobileCountryCode: '852',
      // Hong Kong mobiles start with 5, 6, 7 or 9 and have 8 digits.
      mobileNumber: overrides.mobileNumber ?? `6${String(Date.now() + userCount * 7919).slice(-7)}`,
    };
    await this.call('POST', '/user/user/sign-up', { body: { ...user, locale: 'en' } });
    const link = new URL(await this.mailedLink(user.email));
    const token = new URLSearchParams(link.hash.split('?')[1] ?? '').get('verifyToken') ?? link.searchParams.get('verifyToken');
    if (!token) throw new Error(`No verifyToken in the sign-up mail's link ${link}`);
    const { body } = await this.call<{ data: Session }>('POST', '/user/user/verify-email', { body: { token } });
    return { ...user, ...body.data };
  }
}
