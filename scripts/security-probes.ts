/**
 * `npm run probe:security`: the holes docs/SECURITY.md says are closed, probed as an attacker found them,
 * against two server processes on one PostgreSQL: a throw-away cluster (scripts/postgres-for-tests.ts),
 * migrated and seeded with the demo data by the first server's own start (DATABASE_URL, as `npm start`),
 * and TWO server processes from source on it (as the e2e harness runs them), each on the test clock
 * (TEST_CLOCK), the test-mode card processor, mail over SMTP to a sink and the outbox at /dev/outbox.
 * Every probe goes through HTTP, alternating between the two; the database is read directly only to look
 * up set-up ids and check what a probe left behind. One line per probe: what was sent, what came back,
 * PASS or FAIL. Everything started is stopped whatever happens; every wait is bounded; any FAIL exits 1.
 * It imports nothing of server/ or tests/, so it survives their reorganisation.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { SignJWT } from 'jose';
import sharp from 'sharp';
import { SMTPServer } from 'smtp-server';
import { freePort } from './free-port';
import { startTestPostgres, type TestPostgres } from './postgres-for-tests';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const JWT_SECRET = 'probe-jwt-secret-probe-jwt-secret-xx';
/** The e2e suite's clock start: Monday 23 November 2026, 10:00 in Hong Kong. */
const CLOCK_START = '2026-11-23T02:00:00Z';
const LECLOS = 'leclos';
const OBE = 'obe';
const CALL_TIMEOUT_MS = 30_000;

// ---------- the processes ----------

interface Server {
  port: number;
  child: ChildProcess;
  log: string[];
}

const started: { servers: Server[]; pg?: TestPostgres; db?: pg.Client; smtp?: SMTPServer } = { servers: [] };

/**
 * Mail leaves the servers over SMTP as in production (and the e2e runs), to a sink that reads and drops
 * it: delivered mail is what the outbox sender then treats as sent (an erasure's own mail is emptied).
 */
async function startSmtpSink(): Promise<string> {
  const port = await freePort();
  const smtp = new SMTPServer({ authOptional: true, disabledCommands: ['STARTTLS'], logger: false, onData: (stream, _session, done) => stream.on('end', () => done()).resume() });
  started.smtp = smtp;
  await new Promise<void>((done, fail) => {
    smtp.once('error', fail);
    smtp.listen(port, '127.0.0.1', () => done());
  });
  return `smtp://127.0.0.1:${port}`;
}

async function startServer(databaseUrl: string, smtpUrl: string): Promise<Server> {
  const port = await freePort();
  const env = {
    ...process.env,
    NODE_ENV: 'test',
    PORT: String(port),
    DATABASE_URL: databaseUrl,
    STATIC_ROOT: 'dist/web',
    TEST_CLOCK: CLOCK_START,
    JWT_SECRET,
    PAYMENTS_WEBHOOK_SECRET: 'whsec_probe-webhook-secret',
    PASSWORD_HASH_COST: '10',
    // The script is the proxy: its X-Forwarded-For names the client (server/lib/client-address.ts).
    TRUSTED_PROXIES: 'loopback',
    PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
    SMTP_URL: smtpUrl,
    MAIL_FROM: '"The Aldrich Club" <reservations@aldrich.test>',
  };
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const server: Server = { port, child, log: [] };
  started.servers.push(server);
  child.stdout!.on('data', (chunk: Buffer) => server.log.push(chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => server.log.push(chunk.toString()));
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${server.log.join('')}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/health`, { signal: AbortSignal.timeout(2_000) })).ok) return server;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`the server did not answer /health in 90 s:\n${server.log.join('')}`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

async function stopServer(server: Server): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  const exited = new Promise<void>((done) => server.child.once('exit', () => done()));
  server.child.kill('SIGTERM');
  const timer = setTimeout(() => server.child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

async function stopEverything(): Promise<void> {
  await Promise.allSettled(started.servers.map(stopServer));
  await started.db?.end().catch(() => {});
  await new Promise<void>((done) => (started.smtp ? started.smtp.close(() => done()) : done()));
  try {
    started.pg?.stop();
  } catch (error) {
    console.error(`could not stop the PostgreSQL cluster: ${(error as Error).message}`);
  }
}

// ---------- HTTP ----------

interface Answer {
  status: number;
  text: string;
  body: any;
}

let turn = 0;
let addressCount = 0;
/** A client address no other call of this run uses, for X-Forwarded-For. */
const newAddress = () => {
  const n = ++addressCount;
  return `198.51.${Math.floor(n / 250) % 250}.${(n % 250) + 1}`;
};

/** One call, to the next server in turn (or `on`), from a client address of its own unless `from`. */
async function call(
  method: string,
  path: string,
  options: { body?: unknown; raw?: BodyInit; token?: string; from?: string; on?: number; contentType?: string } = {},
): Promise<Answer> {
  const server = started.servers[options.on ?? turn++ % started.servers.length]!;
  const headers: Record<string, string> = { 'x-forwarded-for': options.from ?? newAddress(), 'accept-language': 'en' };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined || options.raw !== undefined) headers['content-type'] = options.contentType ?? 'application/json';
  const res = await fetch(`http://127.0.0.1:${server.port}${path}`, {
    method,
    headers,
    body: options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
    signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
  });
  const text = await res.text();
  let body: any = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // Not JSON.
  }
  return { status: res.status, text, body };
}

/** A call that must succeed to set a probe up; throws with the answer otherwise. */
async function must(method: string, path: string, options: Parameters<typeof call>[2] = {}): Promise<any> {
  const res = await call(method, path, options);
  if (res.status >= 300) throw new Error(`${method} ${path} answered ${res.status}: ${res.text.slice(0, 300)}`);
  return res.body;
}

const short = (res: Answer) =>
  `${res.status}${res.body?.errorCode !== undefined ? ` ${res.body.errorCode}` : ''}${res.body?.message ? ` "${String(res.body.message).slice(0, 70)}"` : ''}`;

// ---------- results ----------

let failures = 0;
let probeCount = 0;
function report(name: string, sent: string, got: string, pass: boolean): void {
  probeCount++;
  if (!pass) failures++;
  console.log(`${pass ? 'PASS' : 'FAIL'} ${name} | sent: ${sent} | got: ${got}`);
}

/** Runs a probe group; an error in setting it up is a FAIL of the group, and the others still run. */
async function group(name: string, run: () => Promise<void>): Promise<void> {
  try {
    await run();
  } catch (error) {
    report(name, '(set-up)', (error as Error).message.slice(0, 300), false);
  }
}

// ---------- shared steps ----------

async function setBothClocks(at: Date): Promise<void> {
  for (let i = 0; i < started.servers.length; i++) await must('POST', '/dev/clock', { body: { at: at.toISOString() }, on: i });
}
async function serverNow(): Promise<Date> {
  return new Date((await must('GET', '/dev/clock')).data.now);
}
async function advanceBoth(ms: number): Promise<void> {
  await setBothClocks(new Date((await serverNow()).getTime() + ms));
}

async function outbox(recipient: string): Promise<{ id: string; body: string; subject: string | null }[]> {
  return (await must('GET', `/dev/outbox?recipient=${encodeURIComponent(recipient)}`)).data;
}
async function latestCode(recipient: string): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const found = (await outbox(recipient)).find((m) => /\d{6}/.test(m.body));
    if (found) return /(\d{6})/.exec(found.body)![1]!;
    if (Date.now() > deadline) throw new Error(`no code in the outbox for ${recipient}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

let numberCount = 0;
/** A Hong Kong mobile number no one else in this run has. */
const newNumber = () => `6${String(1_000_000 + process.pid * 7 + ++numberCount * 13).slice(-7)}`;
const phone = (number: string) => ({ mobileCountryCode: '+852', mobileNumber: number });

/** Texts a code to `number` and opens a guest session with it under these details; returns the token and code. */
async function guestSession(details: { firstName: string; lastName: string; email: string }, number = newNumber()) {
  await must('POST', '/public/guest/verify-phone-number', { body: phone(number) });
  const code = await latestCode(`+852${number}`);
  await must('POST', '/public/guest/confirm-phone-number', { body: { ...phone(number), code } });
  const opened = await must('POST', '/public/guest/session', { body: { ...details, ...phone(number), code, codeSentBy: 'SMS' } });
  return { token: opened.data.token as string, code, number };
}

/** The same with a code mailed to the address, which proves it (docs/decisions/0030-spent-codes.md). */
async function mailedGuestSession(details: { firstName: string; lastName: string; email: string }, number = newNumber()) {
  await must('POST', '/public/guest/verify-email', { body: { email: details.email } });
  const code = await latestCode(details.email);
  await must('POST', '/public/guest/confirm-email', { body: { email: details.email, code } });
  const opened = await must('POST', '/public/guest/session', { body: { ...details, ...phone(number), code, codeSentBy: 'EMAIL' } });
  return { token: opened.data.token as string, code, number };
}

async function login(email: string, password: string, admin = false): Promise<string> {
  return (await must('POST', admin ? '/admin/authentication/login' : '/user/authentication/login', { body: { email, password } })).data.token;
}

const venueIds = new Map<string, string>();
async function venueId(domain: string): Promise<string> {
  if (!venueIds.has(domain)) venueIds.set(domain, (await must('GET', `/public/venue/by-domain/${domain}`)).data._id);
  return venueIds.get(domain)!;
}
/** An experience's id by its name (read from the database: the ids are set-up, not what a probe is about). */
async function experienceId(domain: string, name: string): Promise<string> {
  const [row] = await sql<{ id: string }>('SELECT id FROM experiences WHERE venue_id = $1 AND name = $2', [await venueId(domain), name]);
  if (!row) throw new Error(`no experience ${name} at ${domain}`);
  return row.id;
}

async function sql<T = Record<string, unknown>>(text: string, values: unknown[] = []): Promise<T[]> {
  return (await started.db!.query(text, values)).rows as T[];
}

const GUEST_DETAILS = { agreements: { cancellationPolicy: true, noShowPolicy: true } };
const card = (clientSecret: string) => ({ clientSecret, cardholderName: 'Probe Guest', cardNumber: '4242424242424242', expMonth: 12, expYear: 2035, cvc: '123' });

// ---------- the probes ----------

/** 1. A used SMS code, wrong guesses from many addresses, and every refused code answering as a wrong one. */
async function probeCodes(): Promise<void> {
  const wrongOf = (code: string) => (code === '000000' ? '000001' : '000000');
  const a = { firstName: 'Wing', lastName: 'Ho', email: `codes.${process.pid}@example.com` };
  const { code, number } = await guestSession(a);
  const second = await call('POST', '/public/guest/session', {
    body: { firstName: 'Someone', lastName: 'Else', email: `else.${process.pid}@example.com`, ...phone(newNumber()), code, codeSentBy: 'SMS' },
  });
  report('1a used code, second session (other name and phone)', `POST /public/guest/session code=${code}`, short(second), second.status === 400 && second.body?.errorCode === 20106);
  const sameNumber = await call('POST', '/public/guest/session', { body: { ...a, firstName: 'Someone', ...phone(number), code, codeSentBy: 'SMS' } });
  report('1b used code, second session (same phone)', 'POST /public/guest/session', short(sameNumber), sameNumber.status === 400 && sameNumber.body?.errorCode === 20106);

  // A fresh code: a wrong guess, then five from five addresses exhaust it.
  const b = newNumber();
  await must('POST', '/public/guest/verify-phone-number', { body: phone(b) });
  const bCode = await latestCode(`+852${b}`);
  const guesses: Answer[] = [];
  for (let i = 0; i < 5; i++) guesses.push(await call('POST', '/public/guest/confirm-phone-number', { body: { ...phone(b), code: wrongOf(bCode) } }));
  report(
    '1c five wrong guesses from five addresses',
    'POST /public/guest/confirm-phone-number x5, X-Forwarded-For each new',
    guesses.map(short).join(' / ').slice(0, 140),
    guesses.every((g) => g.status === 400 && g.body?.errorCode === 20106),
  );
  const right = await call('POST', '/public/guest/confirm-phone-number', { body: { ...phone(b), code: bCode } });
  report('1d the right code after five wrong guesses', 'POST /public/guest/confirm-phone-number (right code)', short(right), right.status === 400 && right.body?.errorCode === 20106);
  const again = await call('POST', '/public/guest/verify-phone-number', { body: phone(b) });
  report('1e a new code for the exhausted number', 'POST /public/guest/verify-phone-number', short(again), again.status === 429);

  // A wrong guess at a used code is counted: five of them and the number gets no code for the hour.
  const c = await guestSession({ ...a, email: `counted.${process.pid}@example.com` });
  const atUsed: Answer[] = [];
  for (let i = 0; i < 5; i++) atUsed.push(await call('POST', '/public/guest/session', { body: { ...a, ...phone(c.number), code: wrongOf(c.code), codeSentBy: 'SMS' } }));
  const afterUsed = await call('POST', '/public/guest/verify-phone-number', { body: phone(c.number) });
  report(
    '1f wrong guesses at a used code: answered as wrong, counted',
    'POST /public/guest/session x5 wrong, then verify-phone-number',
    `${atUsed.map((x) => x.status).join(',')} then ${short(afterUsed)}`,
    atUsed.every((x) => x.status === 400 && x.body?.errorCode === 20106) && afterUsed.status === 429,
  );

  // The control: the servers believe the script's X-Forwarded-For (TRUSTED_PROXIES=loopback), so the
  // addresses above were five callers. One address gets 10 codes in 10 minutes, the next one more.
  const from = newAddress();
  const sends: Answer[] = [];
  for (let i = 0; i < 11; i++) sends.push(await call('POST', '/public/guest/verify-phone-number', { body: phone(newNumber()), from }));
  const other = await call('POST', '/public/guest/verify-phone-number', { body: phone(newNumber()) });
  report(
    '1g X-Forwarded-For believed: 11 codes from one address, then one from another',
    'POST /public/guest/verify-phone-number x11 from one address (11 numbers), x1 from another',
    `${sends.map((x) => x.status).join(',')}; other address ${other.status}`,
    sends.slice(0, 10).every((x) => x.status === 200) && sends[10]!.status === 429 && other.status === 200,
  );

  // Byte for byte: a wrong, a used, an expired and an exhausted code.
  const session = (number: string, code: string) => call('POST', '/public/guest/session', { body: { ...a, email: `bytes.${number}@example.com`, ...phone(number), code, codeSentBy: 'SMS' } });
  const w = newNumber();
  await must('POST', '/public/guest/verify-phone-number', { body: phone(w) });
  const wrongAnswer = await session(w, wrongOf(await latestCode(`+852${w}`)));
  const used = await guestSession({ ...a, email: `used.${process.pid}@example.com` });
  const usedAnswer = await session(used.number, used.code);
  const exhaustedAnswer = await session(b, bCode);
  const e = newNumber();
  await must('POST', '/public/guest/verify-phone-number', { body: phone(e) });
  const eCode = await latestCode(`+852${e}`);
  await advanceBoth(11 * 60_000);
  const expiredAnswer = await session(e, eCode);
  const texts = [wrongAnswer, usedAnswer, expiredAnswer, exhaustedAnswer].map((x) => `${x.status} ${x.text}`);
  report(
    '1h wrong / used / expired (+11 min) / exhausted answers',
    'POST /public/guest/session with each',
    `${new Set(texts).size} distinct: ${texts[0]}`,
    new Set(texts).size === 1 && wrongAnswer.status === 400,
  );
}

/** 2. Le Clos's host merging the member into a new unrelated guest account. */
async function probeMerge(): Promise<void> {
  const host = await login('host@example.com', 'host-pass-1', true);
  const member = await login('member@example.com', 'member-pass-1');
  const memberId = (await must('GET', '/user/user/me', { token: member })).data._id as string;
  // A booking paid by card, so the member has a booking and a payment the merge would move.
  await payByCard(member, await holdWhiskyFlight(member, '2026-12-14', 1110), `member-${process.pid}`);
  const stranger = await guestSession({ firstName: 'New', lastName: 'Account', email: `stranger.${process.pid}@example.com` });
  const strangerId = (await must('GET', '/user/user/me', { token: stranger.token })).data._id as string;
  const holdings = async () => ({
    reservations: await sql('SELECT id, user_id FROM reservations WHERE user_id = $1 ORDER BY id', [memberId]),
    payments: await sql('SELECT id, user_id, amount, status FROM payments WHERE user_id = $1 ORDER BY id', [memberId]),
    wallet: await sql('SELECT id, amount FROM wallet_entries WHERE user_id = $1 ORDER BY id', [memberId]),
    user: await sql('SELECT custom_id, role, merged_into, deactivated_at FROM users WHERE id = $1', [memberId]),
    balance: (await must('GET', '/user/wallet', { token: member })).data.balance,
  });
  const before = await holdings();
  const res = await call('POST', `/admin/guest/${strangerId}/merge`, { token: host, body: { duplicateId: memberId, reason: 'Same person' } });
  const after = await holdings();
  const unchanged = JSON.stringify(before) === JSON.stringify(after);
  const again = await call('POST', '/user/authentication/login', { body: { email: 'member@example.com', password: 'member-pass-1' } });
  report(
    '2 host merges the member into a new guest',
    `POST /admin/guest/{new}/merge duplicateId=member (member: ${before.reservations.length} bookings, ${before.payments.length} payments, ${before.wallet.length} wallet entries, balance ${before.balance}, no. ${String((before.user[0] as { custom_id?: string })?.custom_id)})`,
    `${short(res)}; holdings ${unchanged ? 'unchanged' : 'CHANGED'}; member log-in ${again.status}`,
    res.status >= 400 && res.status < 500 && unchanged && again.status === 200,
  );
}

/** 3. A session under someone else's e-mail on a code texted to the caller's own phone. */
async function probeEmailClaim(): Promise<void> {
  const email = `owner.${process.pid}@example.com`;
  const ownerMessage = 'My allergy details are private';
  await must('POST', '/public/contact-form', { body: { name: 'Real Owner', email, subject: 'Private', message: ownerMessage, locale: 'en' } });
  const caller = await guestSession({ firstName: 'Not', lastName: 'Owner', email });
  const host = await login('host@example.com', 'host-pass-1', true);
  const aLaCarte = await experienceId(LECLOS, 'À la Carte');
  const booked = await must('POST', '/admin/reservation', {
    token: host,
    body: { venueId: await venueId(LECLOS), experienceId: aLaCarte, date: '2026-12-03', startTime: 1140, numberOfGuests: 2, email, firstName: 'Real', lastName: 'Owner', ...phone(newNumber()) },
  });
  const bookingId = booked.data._id as string;
  const list = await call('GET', '/user/reservation', { token: caller.token });
  const listed = JSON.stringify(list.body).includes(bookingId);
  const read = await call('GET', `/user/reservation/${bookingId}`, { token: caller.token });
  const cancel = await call('PUT', `/user/reservation/v1.1/cancel/${bookingId}`, { token: caller.token });
  report(
    "3a staff phone booking for the owner's e-mail, seen by the caller",
    `POST /admin/reservation email=${email} (owner's number); caller GET list / GET {id} / PUT cancel`,
    `list ${list.status} ${listed ? 'HOLDS it' : 'without it'}; GET ${short(read)}; cancel ${short(cancel)}`,
    list.status === 200 && !listed && read.status === 404 && cancel.status === 404,
  );
  const exported = await call('GET', '/user/privacy/export', { token: caller.token });
  const leaks = exported.text.includes(ownerMessage);
  report(
    "3b the caller's export and the owner's contact message",
    'GET /user/privacy/export',
    `${exported.status}; ${leaks ? "HOLDS the owner's message" : "no message of the owner's"}`,
    exported.status === 200 && !leaks,
  );
}

/** Holds a Whisky Flight at Obe for two (a prepayment) for `token`; returns its id. */
async function holdWhiskyFlight(token: string, date: string, startTime: number): Promise<string> {
  const held = await must('POST', '/user/reservation/v1.1', {
    token,
    body: { venueId: await venueId(OBE), experienceId: await experienceId(OBE, 'Whisky Flight'), date, startTime, numberOfGuests: 2 },
  });
  return held.data._id as string;
}

/** Starts a card payment of a hold and pays it with the test processor's approved card. */
async function payByCard(token: string, reservationId: string, idempotencyKey: string): Promise<void> {
  const payment = (await must('POST', `/user/reservation/${reservationId}/payment`, { token, body: { method: 'CARD', idempotencyKey } })).data;
  await must('POST', `/payments/test-processor/intents/${payment.intentId}/confirm`, { body: card(payment.clientSecret) });
  // The processor's webhook reaches the server through its payment worker (every 2 s): wait for it.
  const deadline = Date.now() + 15_000;
  while ((await must('GET', `/user/payment/${payment._id}`, { token })).data.status !== 'SUCCEEDED') {
    if (Date.now() > deadline) throw new Error(`payment ${payment._id} did not succeed in 15 s`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** 4. An erasure leaves none of the guest's words anywhere, and keeps the payments. */
async function probeErasure(how: 'mailed' | 'texted'): Promise<void> {
  const admin = await login('admin@example.com', 'admin-pass-1', true);
  // Words of this guest only, so what one erasure leaves is never taken for the other's.
  const mailed = how === 'mailed';
  const words = {
    firstName: mailed ? 'Ottoline' : 'Perpetua',
    lastName: mailed ? 'Brackenbury' : 'Quillfeather',
    email: `${how}.erased.${process.pid}@example.com`,
    specialRequest: `Please bring a candle for the cake at nine (${how})`,
    note: `Prefers the booth by the far window (${how})`,
    removedAllergyNote: `Severe sesame allergy, told the host (${how})`,
    contactMessage: `Could the Cask Room host my book club of nine? (${how})`,
  };
  const guest = await (how === 'mailed' ? mailedGuestSession : guestSession)({ firstName: words.firstName, lastName: words.lastName, email: words.email });
  const guestId = (await must('GET', '/user/user/me', { token: guest.token })).data._id as string;
  const bookingId = await holdWhiskyFlight(guest.token, '2026-12-09', mailed ? 1110 : 1170);
  await payByCard(guest.token, bookingId, `erase-${how}-${process.pid}`);
  await must('PUT', `/user/reservation/v1.1/complete/${bookingId}`, {
    token: guest.token,
    body: { ...GUEST_DETAILS, firstName: words.firstName, lastName: words.lastName, email: words.email, ...phone(guest.number), notes: words.specialRequest },
  });
  await must('POST', `/admin/guest/${guestId}/note`, { token: admin, body: { kind: 'SEATING', body: words.note } });
  const allergy = await must('POST', `/admin/guest/${guestId}/note`, { token: admin, body: { kind: 'ALLERGY', body: words.removedAllergyNote } });
  await must('DELETE', `/admin/guest/${guestId}/note/${allergy.data._id}`, { token: admin });
  const tags = (await must('GET', '/admin/guest-tag', { token: admin })).data as { _id: string; code: string | null }[];
  for (const tag of tags.filter((t) => t.code === 'VIP' || t.code === 'ALLERGY')) await must('POST', `/admin/guest/${guestId}/tag`, { token: admin, body: { tagId: tag._id } });
  await must('POST', '/public/contact-form', { token: guest.token, body: { name: `${words.firstName} ${words.lastName}`, email: words.email, subject: 'Book club', message: words.contactMessage, locale: 'en' } });
  const paymentsBefore = await sql<{ id: string; amount: number }>('SELECT id, amount FROM payments WHERE reservation_id = $1 ORDER BY id', [bookingId]);

  await must('POST', '/user/privacy/erasure-request', { token: guest.token });
  const erased = await call('POST', `/admin/privacy/erasure-requests/${guestId}/erase`, { token: admin });
  // The erasure's own mail holds the address until it is delivered (decision 0032): wait for the sender.
  const deadline = Date.now() + 15_000;
  while ((await sql("SELECT id FROM outbox WHERE forget_when_done AND status = 'QUEUED'")).length > 0) {
    if (Date.now() > deadline) throw new Error('the erasure mail was not delivered in 15 s');
    await new Promise((r) => setTimeout(r, 250));
  }

  const columns = await sql<{ table_name: string; column_name: string }>(
    `SELECT table_name, column_name FROM information_schema.columns
      WHERE table_schema = 'public' AND data_type IN ('text', 'character varying', 'jsonb', 'json', 'ARRAY')`,
  );
  const byTable = new Map<string, string[]>();
  for (const c of columns) byTable.set(c.table_name, [...(byTable.get(c.table_name) ?? []), c.column_name]);
  const holding: string[] = [];
  for (const [table, cols] of byTable) {
    const text = cols.map((c) => `coalesce("${c}"::text, '')`).join(` || ' | ' || `);
    // An outbox row is named by its subject and recipient, to say which mail it is.
    const label = table === 'outbox' ? `'outbox "' || subject || '" to ' || recipient` : `'${table}'`;
    const rows = await sql<{ t: string; label: string }>(`SELECT lower(${text}) AS t, ${label} AS label FROM "${table}"`);
    for (const row of rows) {
      const found = Object.entries(words).filter(([, w]) => row.t.includes(w.toLowerCase()));
      if (found.length) holding.push(`${row.label} [${found.map(([k]) => k).join(',')}]`);
    }
  }
  const paymentsAfter = await sql<{ id: string; amount: number }>('SELECT id, amount FROM payments WHERE reservation_id = $1 ORDER BY id', [bookingId]);
  report(
    `4 erasure of a guest (e-mail ${mailed ? 'proven by a mailed code' : 'on a texted code only'}) with notes, tags, request, message`,
    `POST /admin/privacy/erasure-requests/{id}/erase; scan ${byTable.size} tables' text columns`,
    `${short(erased)}; ${holding.length === 0 ? 'no row holds the words' : `STILL HELD: ${[...new Set(holding)].join('; ').slice(0, 400)}`}; payments ${paymentsBefore.length} -> ${paymentsAfter.length}`,
    erased.status === 200 && holding.length === 0 && paymentsBefore.length > 0 && JSON.stringify(paymentsAfter) === JSON.stringify(paymentsBefore),
  );
}

/** 5a. A staff move (and its quote) to a party over 10 on a table set up for more. */
async function probeBigParty(admin: string): Promise<void> {
  const host = admin;
  const obe = await venueId(OBE);
  const floor = (await must('GET', `/admin/venue/${obe}/floor`, { token: admin })).data;
  const k1 = findTable(floor, 'K1');
  if (!k1) throw new Error('no table K1 at Obe');
  const tableId = k1._id as string;
  // Set-up lets a table seat up to 40 (a private room); the party on it is still at most 10 (docs/PRODUCT.md §9).
  const widened = await call('PUT', `/admin/table/${tableId}`, { token: admin, body: tableChange(k1, { maxGuests: 14 }) });
  const booked = await must('POST', '/admin/reservation', {
    token: host,
    body: { venueId: obe, experienceId: await experienceId(OBE, 'Bar Seating'), date: '2026-12-10', startTime: 1080, numberOfGuests: 8, tableId, email: `cask.${process.pid}@example.com`, firstName: 'Cask', lastName: 'Party' },
  });
  for (const which of ['quote', 'move'] as const) {
    const res = await call(which === 'quote' ? 'POST' : 'PUT', `/admin/reservation/${booked.data._id}/${which}`, { token: host, body: { numberOfGuests: 12, tableId } });
    report(
      `5a staff ${which} to a party of 12 on K1 (${widened.status === 200 ? 'set up for 14' : `NOT widened: ${short(widened)}`})`,
      `${which === 'quote' ? 'POST' : 'PUT'} /admin/reservation/{id}/${which} numberOfGuests=12`,
      short(res),
      res.status >= 400 && res.status < 500,
    );
  }
}

function findTable(floor: unknown, name: string): Record<string, unknown> | undefined {
  const stack: unknown[] = [floor];
  while (stack.length) {
    const item = stack.pop();
    if (Array.isArray(item)) stack.push(...item);
    else if (item && typeof item === 'object') {
      const record = item as Record<string, unknown>;
      if (record.name === name && 'maxGuests' in record && '_id' in record) return record;
      stack.push(...Object.values(record));
    }
  }
  return undefined;
}

/** The change call's body for a set-up table as read, with `change` applied (an unplaced table placed at 0, 0). */
function tableChange(table: Record<string, unknown>, change: Record<string, unknown>): Record<string, unknown> {
  const keys = ['seatingAreaId', 'name', 'minGuests', 'maxGuests', 'bookable', 'combineGroup', 'active', 'shape', 'width', 'height', 'rotation', 'version'];
  return { ...Object.fromEntries(keys.map((k) => [k, table[k]])), x: table.x ?? 0, y: table.y ?? 0, ...change };
}

/** 5b. Holds for dates far outside the book. */
async function probeDates(): Promise<void> {
  const guest = await guestSession({ firstName: 'Far', lastName: 'Dates', email: `dates.${process.pid}@example.com` });
  for (const date of ['0000-01-01', '9999-12-31']) {
    const res = await call('POST', '/user/reservation/v1.1', {
      token: guest.token,
      body: { venueId: await venueId(OBE), experienceId: await experienceId(OBE, 'Bar Seating'), date, startTime: 1080, numberOfGuests: 2 },
    });
    report(`5b hold for ${date}`, `POST /user/reservation/v1.1 date=${date}`, short(res), res.status === 400);
  }
}

/** 5c. Changes that are no change, or not an object: 400, the manage link still works, no mail. */
async function probeEmptyChanges(): Promise<void> {
  const email = `change.${process.pid}@example.com`;
  const guest = await guestSession({ firstName: 'Same', lastName: 'Booking', email });
  const held = await must('POST', '/user/reservation/v1.1', {
    token: guest.token,
    body: { venueId: await venueId(OBE), experienceId: await experienceId(OBE, 'Bar Seating'), date: '2026-12-11', startTime: 1080, numberOfGuests: 2 },
  });
  const id = held.data._id as string;
  await must('PUT', `/user/reservation/v1.1/complete/${id}`, { token: guest.token, body: { ...GUEST_DETAILS, firstName: 'Same', lastName: 'Booking', email, ...phone(guest.number), notes: 'By the window' } });
  const mails = await waitForMail(email);
  const token = /[?&]token=([^&\s"'<>)]+)/.exec(mails.map((m) => m.body).join('\n'))?.[1];
  if (!token) throw new Error('no manage link in the confirmation mail');
  const sequence = async () => (await sql<{ sequence: number }>('SELECT sequence FROM reservations WHERE id = $1', [id]))[0]!.sequence;
  const [seqBefore, mailsBefore] = [await sequence(), (await outbox(email)).length];
  for (const body of ['{}', '[]', '[1,2,3]']) {
    const res = await call('PUT', `/user/reservation/v1.1/${id}`, { token: guest.token, raw: body });
    await new Promise((r) => setTimeout(r, 300));
    const [seq, mailCount] = [await sequence(), (await outbox(email)).length];
    const manage = await call('GET', `/manage/${decodeURIComponent(token)}`);
    report(
      `5c guest change with ${body}`,
      `PUT /user/reservation/v1.1/{id} ${body}`,
      `${short(res)}; sequence ${seqBefore}->${seq}; mails ${mailsBefore}->${mailCount}; old manage link ${manage.status}`,
      res.status === 400 && seq === seqBefore && mailCount === mailsBefore && manage.status === 200,
    );
  }
}

async function waitForMail(email: string) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const mails = await outbox(email);
    if (mails.some((m) => /token=/.test(m.body))) return mails;
    if (Date.now() > deadline) throw new Error(`no mail with a link to ${email}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** 5d, 5e. A menu that is an HTML page in PDF markers; a picture of 49 million pixels, four at once. */
async function probeUploads(admin: string): Promise<void> {
  const leclos = await venueId(LECLOS);
  const html = '%PDF-1.7\n<html><body><script>fetch("/admin/setup")</script></body></html>\n%%EOF\n';
  const menu = await call('POST', `/admin/setup/venue/${leclos}/menu?name=Trojan%20Menu`, { token: admin, raw: html, contentType: 'application/octet-stream' });
  const stored = await sql("SELECT id FROM menus WHERE name = 'Trojan Menu'");
  report('5d an HTML file between %PDF- and %%EOF as a menu', 'POST /admin/setup/venue/{leclos}/menu', `${short(menu)}; ${stored.length} stored`, menu.status >= 400 && menu.status < 500 && stored.length === 0);

  const bomb = await sharp({ create: { width: 8200, height: 6000, channels: 3, background: '#ffffff' } }).png({ compressionLevel: 9 }).toBuffer();
  const target = turn % started.servers.length;
  const rss = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${started.servers[target]!.child.pid}/status`, 'utf8'))![1]) / 1024;
  const filesBefore = await sql<{ n: string }>('SELECT count(*) AS n FROM picture_files');
  const rssBefore = rss();
  let peak = rssBefore;
  const sampler = setInterval(() => (peak = Math.max(peak, rss())), 20);
  const answers = await Promise.all([0, 1, 2, 3].map(() => call('PUT', `/admin/setup/venue/${leclos}/picture`, { token: admin, raw: new Uint8Array(bomb), contentType: 'application/octet-stream', on: target })));
  clearInterval(sampler);
  const rssAfter = rss();
  const filesAfter = await sql<{ n: string }>('SELECT count(*) AS n FROM picture_files');
  report(
    `5e a PNG of 8200x6000 (${Math.round(bomb.length / 1024)} KB), four at once to one server`,
    'PUT /admin/setup/venue/{leclos}/picture x4',
    `${answers.map(short).join(' / ').slice(0, 120)}; RSS ${rssBefore.toFixed(0)} -> peak ${peak.toFixed(0)} -> ${rssAfter.toFixed(0)} MB; files ${filesBefore[0]!.n} -> ${filesAfter[0]!.n}`,
    answers.every((a) => a.status === 413) && peak - rssBefore < 100 && filesBefore[0]!.n === filesAfter[0]!.n,
  );
}

/** 5f. Ten payment starts for one booking with ten keys, side by side on both servers. */
async function probeTenStarts(): Promise<void> {
  const guest = await guestSession({ firstName: 'Ten', lastName: 'Tabs', email: `tabs.${process.pid}@example.com` });
  const id = await holdWhiskyFlight(guest.token, '2026-12-12', 1140);
  const answers = await Promise.all(
    Array.from({ length: 10 }, (_, i) => call('POST', `/user/reservation/${id}/payment`, { token: guest.token, body: { method: 'CARD', idempotencyKey: `tab-${i}-${id}` } })),
  );
  const paymentIds = new Set(answers.map((a) => a.body?.data?._id));
  const first = answers.find((a) => a.status < 300)?.body?.data;
  if (first) await must('POST', `/payments/test-processor/intents/${first.intentId}/confirm`, { body: card(first.clientSecret) });
  const intents = await sql<{ status: string }>("SELECT status FROM test_processor_intents WHERE metadata->>'reservationId' = $1", [id]);
  const charged = intents.filter((i) => i.status === 'succeeded').length;
  report(
    '5f ten payment starts, ten keys, in parallel over both servers',
    'POST /user/reservation/{id}/payment x10',
    `${[...new Set(answers.map((a) => a.status))].join(',')}; ${paymentIds.size} payment id(s); ${intents.length} intent(s) at the processor, ${charged} charged`,
    answers.every((a) => a.status === 201 || a.status === 200) && paymentIds.size === 1 && intents.length === 1 && charged === 1,
  );
}

/** 6. Access tokens that are not the server's. */
async function probeTokens(): Promise<void> {
  const real = await login('guest@example.com', 'guest-pass-1');
  const [header, payload, signature] = real.split('.') as [string, string, string];
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
  const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const secret = new TextEncoder().encode(JWT_SECRET);
  const tokens: [string, string][] = [
    ['alg none', `${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`],
    ['HS512 with the same secret', await new SignJWT(claims).setProtectedHeader({ alg: 'HS512', typ: 'JWT' }).sign(secret)],
    ['signature changed', `${header}.${payload}.${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`],
    ['claims changed (role admin)', `${header}.${b64({ ...claims, role: 'admin' })}.${signature}`],
  ];
  const control = await call('GET', '/user/user/me', { token: real });
  report('6 the real token (control)', 'GET /user/user/me', short(control), control.status === 200);
  for (const [name, token] of tokens) {
    const res = await call('GET', '/user/user/me', { token });
    report(`6 access token: ${name}`, 'GET /user/user/me', short(res), res.status === 401);
  }
}

// ---------- the run ----------

async function main(): Promise<void> {
  const cluster = await startTestPostgres();
  if (!cluster) throw new Error("no PostgreSQL server is installed (Debian's postgresql package)");
  started.pg = cluster;
  const url = cluster.url.replace(/\/postgres$/, '/probes');
  const admin = new pg.Client({ connectionString: cluster.url });
  await admin.connect();
  await admin.query('CREATE DATABASE probes');
  await admin.end();
  // The first server creates, migrates and seeds the database; the second finds it ready.
  const smtpUrl = await startSmtpSink();
  const first = await startServer(url, smtpUrl);
  const second = await startServer(url, smtpUrl);
  console.log(`servers on ports ${first.port} and ${second.port}, one PostgreSQL database (${url})`);
  started.db = new pg.Client({ connectionString: url, statement_timeout: 30_000 });
  await started.db.connect();
  await setBothClocks(new Date(CLOCK_START));

  await group('1 codes', probeCodes);
  await group('2 merge', probeMerge);
  await group('3 e-mail claim', probeEmailClaim);
  await group('4 erasure', () => probeErasure('mailed'));
  await group('4 erasure', () => probeErasure('texted'));
  const adminToken = await login('admin@example.com', 'admin-pass-1', true);
  // An admin acts at every venue, so the staff calls at Obe are the admin's.
  await group('5a big party', () => probeBigParty(adminToken));
  await group('5b dates', probeDates);
  await group('5c empty changes', probeEmptyChanges);
  await group('5d/e uploads', () => probeUploads(adminToken));
  await group('5f ten starts', probeTenStarts);
  await group('6 tokens', probeTokens);
  for (const server of started.servers) {
    const errors = server.log.join('').split('\n').filter((line) => /"level":50|"level":60/.test(line));
    report(`server :${server.port} logged no error`, '(its log)', errors.length ? errors[0]!.slice(0, 200) : 'none', errors.length === 0);
  }
}

// Ctrl-C stops what was started too.
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void stopEverything().then(() => process.exit(130)));

const overall = setTimeout(() => {
  console.error('security-probes: still running after 10 minutes; stopping');
  void stopEverything().then(() => process.exit(2));
}, 10 * 60_000);
try {
  await main();
} catch (error) {
  failures++;
  console.error(`security-probes: ${(error as Error).stack ?? String(error)}`);
} finally {
  clearTimeout(overall);
  await stopEverything();
}
console.log(`${probeCount - failures >= 0 ? probeCount - failures : 0}/${probeCount} probes passed${failures ? `; ${failures} failed` : ''}`);
process.exit(failures ? 1 : 0);
