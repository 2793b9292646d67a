/**
 * Calendar invitations (RFC 5545 iCalendar, with RFC 5546's METHOD) for reservations: CRLF line ends,
 * lines folded at 75 octets, local times in Asia/Hong_Kong with its VTIMEZONE, a UID that stays the
 * same for the life of the reservation, and SEQUENCE taken from `reservations.sequence`, which every
 * change and cancellation raises, so calendars replace the earlier invitation.
 */
import { Temporal } from 'temporal-polyfill';
import { TIME_ZONE } from '../../../common/time';
import { experienceText } from '../../../common/experience-text';
import type { VenueCatalog } from '../booking-rules/venue-catalog';
import { messageLanguage } from '../messaging/message-language';
import type { ReservationRow } from './reservations';

export type InviteMethod = 'REQUEST' | 'CANCEL';

export interface CalendarInvite {
  /** Stable for the reservation: `<reservationId>@aldrich-club`. */
  uid: string;
  sequence: number;
  method: InviteMethod;
  startsAt: Date;
  endsAt: Date;
  /** DTSTAMP: when this version of the invitation was made. */
  stampedAt: Date;
  summary: string;
  location: string;
  description: string;
  organizer: { name: string; email: string };
  attendee: { name: string; email: string } | null;
}

const CRLF = '\r\n';
const MAX_OCTETS = 75;

/** The UID of a reservation's invitation. */
export const reservationUid = (reservationId: string) => `${reservationId}@aldrich-club`;

// Control characters other than TAB, which neither TEXT nor a parameter value may hold (RFC 5545 §3.1, §3.3.11).
const CONTROLS = /[\u0000-\u0008\u000A-\u001F\u007F]/g;

/**
 * RFC 5545 §3.3.11: backslash, semicolon, comma and each line break (CRLF, CR or LF) escaped in TEXT
 * values; other control characters dropped, so a value stays on its own content line.
 */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n')
    .replace(CONTROLS, '');
}

/**
 * A parameter value, quoted (RFC 5545 §3.1 and §3.2: a quoted value holds no DQUOTE and no control
 * character, so DQUOTE is dropped and each run of controls and line breaks becomes one space).
 */
const paramValue = (value: string) => `"${value.replace(/"/g, '').replace(/[\u0000-\u001F\u007F]+/g, ' ')}"`;

/**
 * RFC 5545 §3.1: a content line longer than 75 octets continues on lines that start with one space.
 * Splits only between characters, never inside a UTF-8 sequence.
 */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char, 'utf8');
    // The first line holds 75 octets; a continuation holds 74 after its leading space.
    const limit = parts.length === 0 ? MAX_OCTETS : MAX_OCTETS - 1;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join(`${CRLF} `);
}

/** A local date-time in Hong Kong as iCalendar writes it: 20261125T200000. */
export function hongKongLocal(at: Date): string {
  const z = Temporal.Instant.fromEpochMilliseconds(at.getTime()).toZonedDateTimeISO(TIME_ZONE);
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(z.year, 4)}${pad(z.month)}${pad(z.day)}T${pad(z.hour)}${pad(z.minute)}${pad(z.second)}`;
}

/** A UTC date-time as iCalendar writes it: 20261123T020000Z. */
export function utcStamp(at: Date): string {
  return `${at.toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`;
}

// Hong Kong has kept UTC+8 without daylight saving since 1979; one STANDARD component says so.
const VTIMEZONE = [
  'BEGIN:VTIMEZONE',
  `TZID:${TIME_ZONE}`,
  'X-LIC-LOCATION:Asia/Hong_Kong',
  'BEGIN:STANDARD',
  'DTSTART:19700101T000000',
  'TZOFFSETFROM:+0800',
  'TZOFFSETTO:+0800',
  'TZNAME:HKT',
  'END:STANDARD',
  'END:VTIMEZONE',
];

/** The invitation as an .ics file's text. */
export function buildCalendarInvite(invite: CalendarInvite): string {
  const cancelled = invite.method === 'CANCEL';
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//The Aldrich Club//Reservations//EN',
    'CALSCALE:GREGORIAN',
    `METHOD:${invite.method}`,
    ...VTIMEZONE,
    'BEGIN:VEVENT',
    `UID:${invite.uid}`,
    `SEQUENCE:${invite.sequence}`,
    `DTSTAMP:${utcStamp(invite.stampedAt)}`,
    `DTSTART;TZID=${TIME_ZONE}:${hongKongLocal(invite.startsAt)}`,
    `DTEND;TZID=${TIME_ZONE}:${hongKongLocal(invite.endsAt)}`,
    `SUMMARY:${escapeText(invite.summary)}`,
    `LOCATION:${escapeText(invite.location)}`,
    `DESCRIPTION:${escapeText(invite.description)}`,
    `STATUS:${cancelled ? 'CANCELLED' : 'CONFIRMED'}`,
    'TRANSP:OPAQUE',
    `ORGANIZER;CN=${paramValue(invite.organizer.name)}:mailto:${invite.organizer.email}`,
    ...(invite.attendee
      ? [`ATTENDEE;CN=${paramValue(invite.attendee.name)};ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED;RSVP=FALSE:mailto:${invite.attendee.email}`]
      : []),
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join(CRLF) + CRLF;
}

/** The guest's name on a reservation, or null before the details are given. */
export function guestName(row: Pick<ReservationRow, 'firstName' | 'lastName'>): string | null {
  const name = [row.firstName, row.lastName].filter(Boolean).join(' ').trim();
  return name || null;
}

/**
 * The invitation for a reservation as it stands: REQUEST while it is on, CANCEL once cancelled, with
 * the venue as organizer and the guest (when known) as attendee. Its words are in the language the
 * guest booked in, like the e-mails that carry it (the download serves the very same file).
 */
export function reservationInvite(row: ReservationRow, catalog: VenueCatalog, method: InviteMethod, now: Date): CalendarInvite {
  const lang = messageLanguage(row.locale);
  const { i18n } = lang;
  const venue = catalog.venues.get(row.venueId)?.venue;
  const experience = catalog.experiences.get(row.experienceId);
  // The venues' names and postal addresses are kept in every language.
  const title = venue?.title ?? 'The Aldrich Club';
  const values = { venue: title, guests: row.numberOfGuests };
  const name = guestName(row);
  return {
    uid: reservationUid(row.id),
    sequence: row.sequence,
    method,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    stampedAt: now,
    summary:
      method === 'CANCEL'
        ? i18n._('Cancelled: {venue} – table for {guests, plural, one {# guest} other {# guests}}', values)
        : i18n._('{venue} – table for {guests, plural, one {# guest} other {# guests}}', values),
    location: venue ? `${title}, ${venue.address}` : title,
    description: [
      i18n._('Reservation {reference}', { reference: row.uniqueId }),
      experience
        ? i18n._('{experience}, {guests, plural, one {# guest} other {# guests}}', { experience: experienceText(experience, i18n, catalog.experienceTexts.get(experience.id)).name, guests: row.numberOfGuests })
        : i18n._('{guests, plural, one {# guest} other {# guests}}', { guests: row.numberOfGuests }),
      venue ? i18n._('To change or cancel, call {phone} or e-mail {email}.', { phone: venue.reservationsPhone, email: venue.reservationsEmail }) : '',
    ]
      .filter(Boolean)
      .join('\n'),
    organizer: { name: title, email: venue?.reservationsEmail ?? 'reservations@example.com' },
    attendee: row.email ? { name: name ?? row.email, email: row.email } : null,
  };
}

/** The .ics file name for a reservation. */
export const inviteFileName = (row: Pick<ReservationRow, 'uniqueId'>) => `reservation-${row.uniqueId}.ics`;

/** The Content-Type of an invitation with its method, as mail clients expect it. */
export const inviteContentType = (method: InviteMethod) => `text/calendar; charset=utf-8; method=${method}`;
