/**
 * Calendar invitations (RFC 5545): the .ics the confirmation e-mail carries and GET
 * /user/reservation/{id}/calendar.ics serves — stable UID, SEQUENCE raised on change and cancel, CANCEL
 * on cancel, Hong Kong TZID with its VTIMEZONE, CRLF line ends and lines folded at 75 octets.
 */
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildCalendarInvite, escapeText, foldLine, hongKongLocal } from '../../../server/services/reservations/calendar-invite';
import { experienceIdByName, OBE } from '../../support/server/fixtures';
import { createTestApi, TEST_NOW, testDrivers, type TestApi } from '../../support/server/harness';
import { paymentHelpers, type TestUser } from '../../support/server/payment-helpers';

/** Undoes RFC 5545 folding: a CRLF followed by one space is removed. */
const unfold = (text: string) => text.replace(/\r\n /g, '');

/** The unfolded content lines of an .ics text. */
const contentLines = (ics: string) => unfold(ics).split('\r\n').filter(Boolean);

/** Checks the octet and line-end rules every .ics must keep. */
function expectWellFormed(ics: string): void {
  expect(ics.endsWith('\r\n')).toBe(true);
  expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  for (const line of ics.split('\r\n')) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
}

/** A property's line: of the calendar for METHOD, of the event (not its VTIMEZONE) for the rest. */
function value(ics: string, name: string): string | undefined {
  const lines = contentLines(ics);
  const from = name === 'METHOD' ? 0 : lines.indexOf('BEGIN:VEVENT');
  return lines.slice(from).find((l) => l.startsWith(`${name}:`) || l.startsWith(`${name};`));
}

describe('the .ics builder', () => {
  it('folds long lines at 75 octets without splitting a character, and unfolds back', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('a', ' ', 'â', '–', '酒', '🥃', ';', ','), maxLength: 400 }), (text) => {
        const folded = foldLine(`DESCRIPTION:${text}`);
        for (const line of folded.split('\r\n')) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
        expect(unfold(folded)).toBe(`DESCRIPTION:${text}`);
      }),
    );
  });

  it('escapes text and writes Hong Kong local times', () => {
    expect(escapeText('a\\b;c,d\ne')).toBe('a\\\\b\\;c\\,d\\ne');
    // 01:00 the next morning in Hong Kong is 17:00 UTC the day before.
    expect(hongKongLocal(new Date('2026-11-25T17:00:00Z'))).toBe('20261126T010000');
  });

  it('keeps any text inside its own property: one ATTENDEE, no line of a guest’s making', () => {
    const base = {
      uid: 'abc@aldrich-club',
      sequence: 0,
      method: 'REQUEST' as const,
      startsAt: new Date('2026-11-25T12:00:00Z'),
      endsAt: new Date('2026-11-25T13:30:00Z'),
      stampedAt: TEST_NOW,
      summary: 'Obe',
      location: 'Obe',
      description: 'Reservation',
      organizer: { name: 'Obe', email: 'obe@example.com' },
    };
    const text = fc.string({ unit: fc.constantFrom('a', ' ', '\r', '\n', '\r\n', '"', ';', ':', ',', '\\', '\u0000', '\u0007', '\t', '酒', '🥃'), maxLength: 120 });
    fc.assert(
      fc.property(text, text, text, (name, summary, description) => {
        const ics = buildCalendarInvite({ ...base, summary, description, attendee: { name, email: 'grace@example.com' } });
        expectWellFormed(ics);
        expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\u0000-\u0008\u000A-\u001F\u007F]/);
        const names = contentLines(ics).map((line) => line.split(/[;:]/, 1)[0]);
        expect(names.filter((n) => n === 'ATTENDEE')).toHaveLength(1);
        expect(names.filter((n) => n === 'SUMMARY')).toHaveLength(1);
        expect(names.filter((n) => n === 'DESCRIPTION')).toHaveLength(1);
        // Every line is one the builder writes.
        expect(new Set(names)).toEqual(new Set(contentLines(buildCalendarInvite({ ...base, attendee: { name: 'G', email: 'g@example.com' } })).map((l) => l.split(/[;:]/, 1)[0])));
        // The quoted CN holds no DQUOTE, so the line's value starts after its closing quote.
        const attendee = value(ics, 'ATTENDEE')!;
        expect(attendee).toMatch(/^ATTENDEE;CN="[^"]*";ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED;RSVP=FALSE:mailto:grace@example\.com$/);
      }),
    );
    const crafted = buildCalendarInvite({ ...base, attendee: { name: 'Eve\r\nATTENDEE:mailto:mallory@example.com', email: 'eve@example.com' } });
    expect(value(crafted, 'ATTENDEE')).toBe('ATTENDEE;CN="Eve ATTENDEE:mailto:mallory@example.com";ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED;RSVP=FALSE:mailto:eve@example.com');
    expect(escapeText('a\rb\r\nc\u0000d\te')).toBe('a\\nb\\ncd\te');
  });

  it('makes a REQUEST and a CANCEL with a VTIMEZONE', () => {
    const invite = {
      uid: 'abc@aldrich-club',
      sequence: 3,
      method: 'CANCEL' as const,
      startsAt: new Date('2026-11-25T12:00:00Z'),
      endsAt: new Date('2026-11-25T13:30:00Z'),
      stampedAt: TEST_NOW,
      summary: 'Cancelled: Obe – table for 2 guests',
      location: 'Obe, 1 Club Street, Central, Hong Kong',
      description: 'Line one\nLine two, with a comma',
      organizer: { name: 'Obe', email: 'obe@example.com' },
      attendee: { name: 'Grace "G" Chan', email: 'grace@example.com' },
    };
    const ics = buildCalendarInvite(invite);
    expectWellFormed(ics);
    const lines = contentLines(ics);
    expect(lines.slice(0, 5)).toEqual(['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//The Aldrich Club//Reservations//EN', 'CALSCALE:GREGORIAN', 'METHOD:CANCEL']);
    expect(lines).toEqual(
      expect.arrayContaining([
        'BEGIN:VTIMEZONE',
        'TZID:Asia/Hong_Kong',
        'TZOFFSETTO:+0800',
        'UID:abc@aldrich-club',
        'SEQUENCE:3',
        'DTSTAMP:20261123T020000Z',
        'DTSTART;TZID=Asia/Hong_Kong:20261125T200000',
        'DTEND;TZID=Asia/Hong_Kong:20261125T213000',
        'STATUS:CANCELLED',
        'DESCRIPTION:Line one\\nLine two\\, with a comma',
        'ORGANIZER;CN="Obe":mailto:obe@example.com',
        'ATTENDEE;CN="Grace G Chan";ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED;RSVP=FALSE:mailto:grace@example.com',
      ]),
    );
    expect(lines.indexOf('END:VTIMEZONE')).toBeLessThan(lines.indexOf('BEGIN:VEVENT'));
    expect(buildCalendarInvite({ ...invite, method: 'REQUEST' })).toContain('STATUS:CONFIRMED\r\n');
  });
});

for (const driver of testDrivers()) {
  describe(`calendar invitations through the API (${driver})`, () => {
    let api: TestApi;
    let h: ReturnType<typeof paymentHelpers>;

    beforeAll(async () => {
      api = await createTestApi({ driver });
      h = paymentHelpers(api);
    });
    afterEach(() => api.clock.set(TEST_NOW));
    afterAll(async () => {
      await api?.close();
    });

    const ics = (user: TestUser, id: string) => api.request('GET', `/user/reservation/${id}/calendar.ics`, { token: user.token() });

    /** Books Bar Seating at Obe (nothing to pay) and completes it. */
    async function bookBar(user: TestUser, date: string, startTime: number): Promise<string> {
      const created = await api.request('POST', '/user/reservation/v1.1', {
        token: user.token(),
        body: { venueId: OBE, experienceId: await experienceIdByName(api.deps.db, OBE, 'Bar Seating'), date, startTime, numberOfGuests: 2 },
      });
      expect(created.status).toBe(201);
      return created.body.data._id;
    }

    const attachment = async (email: string, subject: RegExp) => {
      const mail = (await h.mailTo(email)).find((m) => subject.test(m.subject));
      expect(mail, String(subject)).toBeDefined();
      return { mail: mail!, ics: Buffer.from(mail!.attachments[0]!.content, 'base64').toString('utf8') };
    };

    it('keeps its UID, raises SEQUENCE on change, and withdraws with CANCEL on cancel', async () => {
      const user = await h.newUser();
      const id = await bookBar(user, '2026-11-25', 1200);
      // Not before it is confirmed.
      expect((await ics(user, id)).body).toMatchObject({ status: 409, message: 'The reservation is not confirmed yet' });
      expect((await h.complete(user, id)).status).toBe(200);

      const confirmed = await attachment(user.email, /is confirmed/);
      expectWellFormed(confirmed.ics);
      expect(value(confirmed.ics, 'METHOD')).toBe('METHOD:REQUEST');
      expect(value(confirmed.ics, 'UID')).toBe(`UID:${id}@aldrich-club`);
      expect(value(confirmed.ics, 'SEQUENCE')).toBe('SEQUENCE:0');
      expect(value(confirmed.ics, 'DTSTART')).toBe('DTSTART;TZID=Asia/Hong_Kong:20261125T200000');
      expect(value(confirmed.ics, 'DTEND')).toBe('DTEND;TZID=Asia/Hong_Kong:20261125T220000');
      expect(value(confirmed.ics, 'STATUS')).toBe('STATUS:CONFIRMED');
      expect(value(confirmed.ics, 'ATTENDEE')).toContain(`mailto:${user.email}`);
      expect(contentLines(confirmed.ics)).toContain('TZID:Asia/Hong_Kong');
      expect(confirmed.mail.body).toContain('Time: 8:00 pm');
      expect(confirmed.mail.body).not.toContain('paid');

      // The result page offers the same file.
      const served = await ics(user, id);
      expect(served.status).toBe(200);
      expect(served.body).toBe(confirmed.ics);
      const raw = await api.app.request(`/user/reservation/${id}/calendar.ics`, { headers: { authorization: `Bearer ${await user.token()}` } });
      expect(raw.headers.get('content-type')).toBe('text/calendar; charset=utf-8; method=REQUEST');
      expect(raw.headers.get('content-disposition')).toMatch(/^attachment; filename="reservation-OBE-[2-9A-Z]{6}\.ics"$/);

      // A later time: an updated invitation with the same UID and a higher SEQUENCE.
      const moved = await api.request('PUT', `/user/reservation/v1.1/${id}`, { token: user.token(), body: { startTime: 1260 } });
      expect(moved.status).toBe(200);
      const changed = await attachment(user.email, /has changed/);
      expectWellFormed(changed.ics);
      expect(value(changed.ics, 'UID')).toBe(`UID:${id}@aldrich-club`);
      expect(value(changed.ics, 'SEQUENCE')).toBe('SEQUENCE:1');
      expect(value(changed.ics, 'METHOD')).toBe('METHOD:REQUEST');
      expect(value(changed.ics, 'DTSTART')).toBe('DTSTART;TZID=Asia/Hong_Kong:20261125T210000');
      expect(value((await ics(user, id)).body, 'SEQUENCE')).toBe('SEQUENCE:1');

      expect((await h.cancel(user, id)).status).toBe(200);
      const cancelled = await attachment(user.email, /is cancelled/);
      expectWellFormed(cancelled.ics);
      expect(value(cancelled.ics, 'METHOD')).toBe('METHOD:CANCEL');
      expect(value(cancelled.ics, 'STATUS')).toBe('STATUS:CANCELLED');
      expect(value(cancelled.ics, 'UID')).toBe(`UID:${id}@aldrich-club`);
      expect(value(cancelled.ics, 'SEQUENCE')).toBe('SEQUENCE:2');
      expect(cancelled.mail.attachments[0]!.contentType).toBe('text/calendar; charset=utf-8; method=CANCEL');
      expect((await ics(user, id)).body).toBe(cancelled.ics);
    });

    it('writes an after-midnight slot on the next calendar day, and is the caller’s own only', async () => {
      const user = await h.newUser();
      const other = await h.newUser();
      // Wednesday's late night at Obe runs to 2 am: midnight belongs to the 25th's service day.
      const id = await bookBar(user, '2026-11-25', 1440);
      await h.complete(user, id);
      const file = (await ics(user, id)).body as string;
      expect(value(file, 'DTSTART')).toBe('DTSTART;TZID=Asia/Hong_Kong:20261126T000000');
      expect(value(file, 'DTEND')).toBe('DTEND;TZID=Asia/Hong_Kong:20261126T020000');
      expect((await ics(other, id)).body).toMatchObject({ status: 404, errorCode: 1010103 });
      expect((await api.request('GET', `/user/reservation/${id}/calendar.ics`)).status).toBe(401);
    });
  });
}
