/**
 * Hostile input through the HTTP API: control characters and line breaks where they do not belong, mail
 * headers and calendar lines that cannot be forged, bodies too large or not JSON, and a log that never
 * shows a query's values. Each is refused with a 4xx that names what is wrong, and changes nothing.
 */
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { serve } from '@hono/node-server';
import { count, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { contactMessages, outbox, reservations, users } from '../../../server/db/schema';
import { MAX_BODY_BYTES } from '../../../server/lib/body-limit';
import { CONCIERGE_EMAIL } from '../../../server/services/contact/contact-messages';
import { queueEmail, queueSms } from '../../../server/services/messaging/outbox';
import { CONTACT_LIMITS } from '../../../common/validation/contact-validation';
import { experienceIdByName, OBE } from '../../support/server/fixtures';
import { createTestApi, TEST_NOW, testDrivers, type TestApi } from '../../support/server/harness';
import { captureLog } from '../../support/server/log-capture';
import { GUEST_DETAILS, paymentHelpers, type TestUser } from '../../support/server/payment-helpers';

const CONTACT = { name: 'Grace Chan', email: 'grace@example.com', subject: 'Private dining', message: 'Hello.' };

const notAllowed = (field: string) => ({ status: 400, errorCode: 40000, field, message: `${field} contains a character that is not allowed` });

/** The unfolded content lines of an .ics text (RFC 5545 §3.1). */
const contentLines = (ics: string) => ics.replace(/\r\n[ \t]/g, '').split('\r\n').filter(Boolean);
/** A content line's property name: what comes before its first ';' or ':'. */
const propertyName = (line: string) => line.split(/[;:]/, 1)[0];

for (const driver of testDrivers()) {
  describe(`hostile input (${driver})`, () => {
    let api: TestApi;
    let h: ReturnType<typeof paymentHelpers>;
    let slot = 0;

    beforeAll(async () => {
      api = await createTestApi({ driver });
      h = paymentHelpers(api);
    });
    afterEach(() => api.clock.set(TEST_NOW));
    afterAll(async () => {
      await api?.close();
    });

    const rows = async (table: typeof contactMessages | typeof outbox | typeof users) =>
      (await api.deps.db.select({ n: count() }).from(table))[0]!.n;

    /** How many rows the tables a refused call could touch hold. */
    const snapshot = async () => ({ contact: await rows(contactMessages), outbox: await rows(outbox), users: await rows(users) });

    /** Holds Bar Seating at Obe (nothing to pay) at a slot of its own; returns the reservation's id. */
    async function holdBar(user: TestUser): Promise<string> {
      const n = slot++;
      const created = await api.request('POST', '/user/reservation/v1.1', {
        token: user.token(),
        body: {
          venueId: OBE,
          experienceId: await experienceIdByName(api.deps.db, OBE, 'Bar Seating'),
          date: `2026-12-${String(1 + (n % 28)).padStart(2, '0')}`,
          startTime: 1080 + 60 * Math.floor(n / 28),
          numberOfGuests: 2,
        },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      return created.body.data._id;
    }

    describe('control characters', () => {
      it('refuses a NUL in the contact form, sign-up and the outbox query with 400 naming the field, changing nothing', async () => {
        const before = await snapshot();
        expect((await api.request('POST', '/public/contact-form', { body: { ...CONTACT, name: 'Grace\u0000Chan' } })).body).toEqual(notAllowed('name'));
        expect((await api.request('POST', '/public/contact-form', { body: { ...CONTACT, message: 'Hi\u0000' } })).body).toEqual(notAllowed('message'));
        const signUp = { firstName: 'Nul\u0000', lastName: 'User', email: 'nul-user@example.com', password: 'secret-pass' };
        expect((await api.request('POST', '/user/user/sign-up', { body: signUp })).body).toEqual(notAllowed('firstName'));
        expect((await api.request('GET', '/dev/outbox?recipient=a%00b@example.com')).body).toEqual(notAllowed('recipient'));
        expect(await snapshot()).toEqual(before);
      });

      it('refuses a NUL in a reservation’s completion and change, leaving it as it was', async () => {
        const user = await h.newUser();
        const id = await holdBar(user);
        const complete = (body: unknown) => api.request('PUT', `/user/reservation/v1.1/complete/${id}`, { token: user.token(), body });
        expect((await complete({ ...GUEST_DETAILS, email: user.email, notes: 'Window\u0000' })).body).toEqual(notAllowed('notes'));
        expect((await complete({ ...GUEST_DETAILS, email: user.email, lastName: 'Chan\u0000' })).body).toEqual(notAllowed('lastName'));
        expect(await h.reservationRow(id)).toMatchObject({ status: 'PENDING', notes: null, lastName: null });

        expect((await h.complete(user, id)).status).toBe(200);
        const change = await api.request('PUT', `/user/reservation/v1.1/${id}`, { token: user.token(), body: { notes: 'Birthday\u0000cake' } });
        expect(change.body).toEqual(notAllowed('notes'));
        expect(await h.reservationRow(id)).toMatchObject({ status: 'CONFIRMED', notes: null, sequence: 0 });
      });

      it('looks into nested objects and keys, and names the field of each', async () => {
        const user = await h.newUser();
        const id = await holdBar(user);
        const complete = (body: unknown) => api.request('PUT', `/user/reservation/v1.1/complete/${id}`, { token: user.token(), body });
        const nested = await complete({ ...GUEST_DETAILS, email: user.email, agreements: { cancellationPolicy: true, extra: ['ok', 'x\u0000'] } });
        expect(nested.body).toEqual(notAllowed('agreements.extra.1'));
        // A bad key is named by the object that holds it, so the answer does not repeat it.
        const key = await complete({ ...GUEST_DETAILS, email: user.email, agreements: { cancellationPolicy: true, 'a\u0000b': true } });
        expect(key.body).toEqual(notAllowed('agreements'));
        const topKey = await api.request('POST', '/public/contact-form', { body: { ...CONTACT, 'x\u0007': 1 } });
        expect(topKey.body).toMatchObject({ status: 400, message: 'body contains a character that is not allowed' });
        expect(topKey.body.field).toBeUndefined();
        expect((await api.request('GET', `/user/reservation/${id}%00`, { token: user.token() })).body).toEqual(notAllowed('id'));
        expect((await h.reservationRow(id)).status).toBe('PENDING');
      });

      it('refuses every C0 control but TAB, LF and CR, DEL, C1 controls and lone surrogates, even in free text', async () => {
        const controls = [
          ...Array.from({ length: 0x20 }, (_, i) => i).filter((i) => ![0x09, 0x0a, 0x0d].includes(i)),
          ...Array.from({ length: 0x21 }, (_, i) => 0x7f + i),
        ].map((code) => String.fromCharCode(code));
        const bad = fc.constantFrom(...controls, '\uD800', '\uDFFF', '\uDBFF!');
        const before = await snapshot();
        await fc.assert(
          fc.asyncProperty(fc.constantFrom('name', 'subject', 'message'), fc.string({ maxLength: 5 }), bad, async (field, text, char) => {
            const res = await api.request('POST', '/public/contact-form', { body: { ...CONTACT, [field]: `${text}${char}${text}` } });
            expect(res.body).toEqual(notAllowed(field));
          }),
          { numRuns: 60 },
        );
        expect(await snapshot()).toEqual(before);
      });

      it('says it in the caller’s language', async () => {
        const res = await api.request('POST', '/public/contact-form', { body: { ...CONTACT, subject: 'a\u0000' }, headers: { 'accept-language': 'ja' } });
        expect(res.body).toMatchObject({ status: 400, field: 'subject' });
        expect(res.body.message).toContain('subject');
        expect(res.body.message).not.toContain('not allowed');
      });
    });

    describe('line breaks', () => {
      it('refuses CR, LF, TAB and Unicode line separators in one-line fields', async () => {
        const before = await snapshot();
        for (const br of ['\r\n', '\n', '\r', '\t', '\u2028', '\u2029']) {
          expect((await api.request('POST', '/public/contact-form', { body: { ...CONTACT, name: `Grace${br}Chan` } })).body).toEqual(notAllowed('name'));
        }
        const signUp = { firstName: 'Line', lastName: 'Break\nUser', email: 'line-break@example.com', password: 'secret-pass' };
        expect((await api.request('POST', '/user/user/sign-up', { body: signUp })).body).toEqual(notAllowed('lastName'));
        expect(await snapshot()).toEqual(before);
      });

      it('refuses bidirectional overrides and isolates (U+202A–U+202E, U+2066–U+2069) in names and other one-line fields', async () => {
        const bidi = [0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069].map((code) => String.fromCharCode(code));
        const before = await snapshot();
        for (const char of bidi) {
          for (const field of ['name', 'subject', 'email']) {
            const res = await api.request('POST', '/public/contact-form', { body: { ...CONTACT, [field]: `Grace${char}nahC` } });
            expect(res.body, `${field} U+${char.charCodeAt(0).toString(16)}`).toEqual(notAllowed(field));
          }
        }
        const signUp = { firstName: 'Ada\u202Egnp.exe', lastName: 'User', email: 'bidi-user@example.com', password: 'secret-pass' };
        expect((await api.request('POST', '/user/user/sign-up', { body: signUp })).body).toEqual(notAllowed('firstName'));
        expect(await snapshot()).toEqual(before);

        const user = await h.newUser();
        const id = await holdBar(user);
        const complete = (body: object) => api.request('PUT', `/user/reservation/v1.1/complete/${id}`, { token: user.token(), body });
        expect((await complete({ ...GUEST_DETAILS, email: user.email, lastName: 'Chan\u2067x\u2069' })).body).toEqual(notAllowed('lastName'));
        expect((await h.reservationRow(id)).status).toBe('PENDING');
        // A multi-line note may hold right-to-left text with its isolates.
        const notes = 'Allergy: \u2067\u05D0\u05D2\u05D5\u05D6\u05D9\u05DD\u2069 (nuts)';
        const done = await complete({ ...GUEST_DETAILS, email: user.email, notes });
        expect(done.status, JSON.stringify(done.body)).toBe(200);
        expect(done.body.data.guest.notes).toBe(notes);
      });

      it('keeps line breaks and TABs in the contact message and a booking’s notes', async () => {
        const message = 'First line\r\nSecond line\n\tindented\u2028end';
        const sent = await api.request('POST', '/public/contact-form', { body: { ...CONTACT, email: 'lines@example.com', message } });
        expect(sent.status).toBe(201);
        const [stored] = await api.deps.db.select().from(contactMessages).where(eq(contactMessages.email, 'lines@example.com'));
        expect(stored!.message).toBe(message);

        const user = await h.newUser();
        const id = await holdBar(user);
        const notes = 'Anniversary.\nA quiet corner, please.';
        const done = await api.request('PUT', `/user/reservation/v1.1/complete/${id}`, { token: user.token(), body: { ...GUEST_DETAILS, email: user.email, notes } });
        expect(done.status, JSON.stringify(done.body)).toBe(200);
        expect(done.body.data.guest.notes).toBe(notes);
      });
    });

    describe('mail headers', () => {
      it('refuses a contact-form subject or name that would add a Bcc: header, and sends nothing', async () => {
        const before = await snapshot();
        const subject = await api.request('POST', '/public/contact-form', { body: { ...CONTACT, subject: 'Hello\r\nBcc: victim@example.com' } });
        expect(subject.body).toEqual(notAllowed('subject'));
        const name = await api.request('POST', '/public/contact-form', { body: { ...CONTACT, name: 'Grace\nBcc: victim@example.com' } });
        expect(name.body).toEqual(notAllowed('name'));
        expect(await snapshot()).toEqual(before);
        const mails = await api.deps.db.select().from(outbox).where(eq(outbox.recipient, CONCIERGE_EMAIL));
        for (const mail of mails) expect(mail.subject).not.toMatch(/[\r\n]/);
      });
    });

    describe('the outbox, where mail headers are written', () => {
      it('keeps a subject on one line and refuses a recipient that is not one address, whoever calls it', async () => {
        const to = 'header-check@example.com';
        const id = await queueEmail(api.deps.db, {
          to,
          subject: 'Hello\r\nBcc: victim@example.com\u2028X: y',
          body: 'Line one\nLine two',
          attachments: [{ fileName: 'a\r\nb.ics', contentType: 'text/calendar\r\nX: y', content: '' }],
        });
        const [row] = await api.deps.db.select().from(outbox).where(eq(outbox.id, id));
        expect(row).toMatchObject({ recipient: to, subject: 'Hello Bcc: victim@example.com X: y', body: 'Line one\nLine two' });
        expect(row!.attachments[0]).toMatchObject({ fileName: 'a b.ics', contentType: 'text/calendar X: y' });

        const before = await rows(outbox);
        for (const recipient of ['a@example.com\r\nBcc: victim@example.com', 'a@example.com, victim@example.com', 'a@example.com\n', '']) {
          await expect(queueEmail(api.deps.db, { to: recipient, subject: 'Hi', body: '' })).rejects.toThrow('exactly one address');
        }
        await expect(queueSms(api.deps.db, { to: '85291234567\r\nX', body: 'code' })).rejects.toThrow('exactly one address');
        expect(await rows(outbox)).toBe(before);
      });
    });

    describe('calendar invitations', () => {
      it('keeps a guest’s name on its ATTENDEE line, whatever it holds', async () => {
        const user = await h.newUser();
        const id = await holdBar(user);
        // Refused at the door ...
        const crafted = 'Eve\r\nATTENDEE;CN=Mallory:mailto:mallory@example.com';
        const refused = await api.request('PUT', `/user/reservation/v1.1/complete/${id}`, {
          token: user.token(),
          body: { ...GUEST_DETAILS, email: user.email, firstName: crafted },
        });
        expect(refused.body).toEqual(notAllowed('firstName'));
        expect((await h.complete(user, id)).status).toBe(200);
        // ... and harmless in the file when it is in the database all the same (written before these rules).
        await api.deps.db
          .update(reservations)
          .set({ firstName: crafted, lastName: 'Chan"\r\nX-INJECTED:1;\u0007' })
          .where(eq(reservations.id, id));
        const res = await api.request('GET', `/user/reservation/${id}/calendar.ics`, { token: user.token() });
        expect(res.status).toBe(200);
        const ics = res.body as string;
        expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\u0000-\u001F\u007F]/);
        const names = contentLines(ics).map(propertyName);
        expect(names.filter((n) => n === 'ATTENDEE')).toHaveLength(1);
        expect(names).not.toContain('X-INJECTED');
        const attendee = contentLines(ics).find((l) => l.startsWith('ATTENDEE'))!;
        expect(attendee).toBe(
          `ATTENDEE;CN="Eve ATTENDEE;CN=Mallory:mailto:mallory@example.com Chan X-INJECTED:1; ";ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED;RSVP=FALSE:mailto:${user.email}`,
        );
      });
    });

    describe('body size and type', () => {
      const post = (path: string, init: RequestInit & { duplex?: 'half' }) => api.app.request(path, { method: 'POST', ...init });

      it('takes the largest real contact form, and refuses a body over 64 KB with 413 before it is read', async () => {
        // The longest message whose every character JSON escapes to six bytes is still far under the limit.
        const longest = JSON.stringify({
          ...CONTACT,
          email: 'longest@example.com',
          name: '\u00e9'.repeat(CONTACT_LIMITS.name),
          subject: '"'.repeat(CONTACT_LIMITS.subject),
          message: '\u00e9'.repeat(CONTACT_LIMITS.message),
        }).replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
        expect(Buffer.byteLength(longest)).toBeLessThan(MAX_BODY_BYTES / 4);
        const ok = await post('/public/contact-form', { headers: { 'content-type': 'application/json' }, body: longest });
        expect(ok.status).toBe(201);

        const before = await snapshot();
        const big = JSON.stringify({ ...CONTACT, message: 'x'.repeat(MAX_BODY_BYTES) });
        const tooBig = await post('/public/contact-form', {
          headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(big)) },
          body: big,
        });
        expect(tooBig.status).toBe(413);
        expect(await tooBig.json()).toEqual({ status: 413, errorCode: 41300, message: 'The request is too large: it may be at most 64 KB' });
        expect(await snapshot()).toEqual(before);
      });

      it('refuses a chunked body without Content-Length once it passes the limit, without reading the rest', async () => {
        let chunksPulled = 0;
        const chunk = new TextEncoder().encode('x'.repeat(16 * 1024));
        // A body of 1 MB in 16 KB chunks, sent as it is pulled.
        const endless = new ReadableStream<Uint8Array>({
          pull(controller) {
            chunksPulled++;
            if (chunksPulled > 64) controller.close();
            else controller.enqueue(chunksPulled === 1 ? new TextEncoder().encode('{"message":"') : chunk);
          },
        });
        const res = await post('/public/contact-form', {
          headers: { 'content-type': 'application/json', 'accept-language': 'zh-Hant' },
          body: endless,
          duplex: 'half',
        });
        expect(res.status).toBe(413);
        expect(await res.json()).toMatchObject({ status: 413, errorCode: 41300 });
        expect(chunksPulled).toBeLessThan(10);
      });

      it('answers 413 over a real connection from the Content-Length alone, with the body never sent', async () => {
        const server = serve({ fetch: api.app.fetch, port: 0, hostname: '127.0.0.1' });
        try {
          await once(server, 'listening');
          const { port } = server.address() as AddressInfo;
          const socket = connect(port, '127.0.0.1');
          let answer = '';
          socket.on('data', (data) => (answer += data.toString('latin1')));
          // Announces 10 MB and sends 12 bytes of it: a server that waited for the rest would never answer.
          socket.write(
            'POST /public/contact-form HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 10000000\r\n\r\n{"name":"x",',
          );
          await vi.waitFor(() => expect(answer).toMatch(/\r\n\r\n.*\}/s), { timeout: 5000 });
          socket.destroy();
          expect(answer).toMatch(/^HTTP\/1\.1 413 /);
          expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toMatchObject({ status: 413, errorCode: 41300 });
        } finally {
          await new Promise((resolve) => server.close(resolve));
        }
      });

      it('reads JSON only when it is sent as application/json (415 otherwise)', async () => {
        const before = await snapshot();
        const body = JSON.stringify({ ...CONTACT, email: 'typed@example.com' });
        for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'application/jsonp', 'application/json; charset=latin1', undefined]) {
          const res = await post('/public/contact-form', { headers: type ? { 'content-type': type } : {}, body });
          expect(res.status, String(type)).toBe(415);
          expect(await res.json()).toEqual({
            status: 415,
            errorCode: 41500,
            message: 'The request body must be sent as JSON, with Content-Type: application/json',
          });
        }
        expect(await snapshot()).toEqual(before);
        for (const type of ['application/json; charset=utf-8', 'Application/JSON;charset="UTF-8"']) {
          const res = await post('/public/contact-form', { headers: { 'content-type': type }, body });
          expect(res.status, type).toBe(201);
        }
      });
    });

    describe('the log', () => {
      it('shows a failed insert’s SQL and the database’s error, never the values it was run with', async () => {
        const captured = captureLog();
        // Every new account is refused by the database, so the sign-up's insert fails.
        await api.deps.db.execute(sql.raw('ALTER TABLE users ADD CONSTRAINT test_refuse_all CHECK (false) NOT VALID'));
        try {
          const res = await api.request('POST', '/user/user/sign-up', {
            body: { firstName: 'Secretfirst', lastName: 'Secretlast', email: 'secret-person@example.com', password: 'secret-password-1', mobileCountryCode: '852', mobileNumber: '98765432' },
          });
          expect(res.status).toBe(500);
        } finally {
          await api.deps.db.execute(sql.raw('ALTER TABLE users DROP CONSTRAINT test_refuse_all'));
          captured.restore();
        }
        const log = captured.lines.map((line) => `${line.msg}: ${String(line.error)}`).join('\n');
        expect(log).toMatch(/Failed query: insert into "users"/);
        expect(log).toContain('23514');
        expect(log).toContain('test_refuse_all');
        expect(captured.lines.find((line) => line.level === 'error')?.requestId).toMatch(/^[0-9a-f-]{36}$/);
        for (const value of ['scrypt$', 'Secretfirst', 'Secretlast', 'secret-person', '98765432', 'params:']) expect(captured.text()).not.toContain(value);
      });
    });
  });
}
