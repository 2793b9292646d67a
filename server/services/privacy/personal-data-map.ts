/**
 * What an erasure does to each table that names a person or holds words about one
 * (docs/decisions/0032-erasure-all-of-it.md): its rows of the guest deleted, some of its columns emptied,
 * or the table kept as it is, each with the reason. `tests/server/erasure-coverage.test.ts` reads the
 * live schema and fails on a table with such a column that is named nowhere here, so a new table is
 * classified before it ships. `anonymise-guest.ts` carries the erasure out.
 */

/** Tables whose rows about the guest are deleted outright. */
export const ERASED_TABLES: Readonly<Record<string, string>> = {
  guest_notes: "Staff's notes on the guest (allergies, dietary needs, seating), removed ones too",
  guest_tag_links: 'Which tags (VIP, allergy, the club\'s own) staff gave the guest',
  contact_messages: "The guest's messages from the contact form, by their e-mail address or mobile number",
  outbox: 'Mails and texts to the guest, or naming their address or number (the concierge\'s copy); the erasure\'s own mail is emptied once delivered',
  email_verifications: "Codes sent to the guest's addresses",
  phone_verifications: "Codes sent to the guest's mobile numbers",
  one_time_tokens: 'Reset and log-in links of the account',
  refresh_tokens: 'Sessions of the account',
  login_known_clients: "The addresses the guest's e-mail logged in from",
  rate_limits: "Counters keyed by the guest's e-mail or mobile number (they expire anyway)",
  walk_in_queue: "The guest's places in a venue's walk-in queue, by their mobile number or their seated visit: name, number and the host's notes",
  booking_messages: "Texts to and from the guest on their bookings (SMS, WhatsApp), by booking or by the guest's number",
  guest_message_preferences: "The guest's channel for texts and their marketing consent",
};

/** A table whose rows stay (money records, ratings, accountability) with these columns emptied. */
export interface Anonymised {
  /** Emptied (null, '' or a reserved value). */
  erased: readonly string[];
  /** Columns that name or point to the person and stay, each with its reason. */
  kept: Readonly<Record<string, string>>;
  why: string;
}

export const ANONYMISED_TABLES: Readonly<Record<string, Anonymised>> = {
  users: {
    erased: ['first_name', 'last_name', 'email', 'mobile_country_code', 'mobile_number', 'dietary_needs', 'dietary_note', 'password_hash', 'email_verified_at', 'search_text'],
    kept: {
      id: 'The pseudonymous key every money record and statement is filed under',
      custom_id: "The member number on the member's statements, which the money records cite",
      customer_id: "The card processor's key, needed to refund a payment after the erasure",
      merged_into: 'Links a merged duplicate to the account it joined; that account is erased with it',
      email_claimed_by_phone: 'Only whether the e-mail was taken on a texted code\'s word (decision 0030): no detail of the person',
    },
    why: 'The account row is the key of the money records (IRO s.51C, seven years); the search text is generated from the erased columns',
  },
  reservations: {
    erased: ['first_name', 'last_name', 'email', 'mobile_country_code', 'mobile_number', 'notes', 'staff_notes', 'occasion', 'occasion_note', 'dietary_needs', 'dietary_note', 'allergies_answer'],
    kept: {
      user_id: 'The pseudonymous account the booking and its payments belong to',
      allergies_confirmed_at: 'Only when the allergy question was answered, not the answer',
    },
    why: 'A booking is a money record (amounts due, owed, paid at the venue, fee kept) that the ledger check reconciles',
  },
  change_holds: {
    erased: ['notes'],
    kept: { user_id: 'The pseudonymous account; the hold is tied to a payment of a change' },
    why: 'A change hold may carry a payment of the difference',
  },
  visit_feedback: {
    erased: ['comment'],
    kept: { user_id: 'The pseudonymous account; the rating stays in the venue averages' },
    why: "The rating is the venue's figure in the reports; the comment was the guest's words",
  },
  guest_merges: {
    erased: ['reason', 'kept_before'],
    kept: {
      kept_id: 'The pseudonymous account the merge kept',
      merged_id: 'The pseudonymous account merged into it',
      actor_id: 'The member of staff who merged (guests never merge)',
      undone_by: 'The member of staff who undid it',
      moved: 'The ids of the rows the merge re-pointed, per table: no words or details of the guest',
    },
    why: "Staff accountability: which accounts were merged, by whom and when stays (row ids in `moved`); staff's reason and the kept account's mobile number before the merge are emptied, and the merge can no longer be undone",
  },
  audit_log: {
    erased: ['before', 'after'],
    kept: { actor_id: 'The member of staff who acted (guests never act in the log)' },
    why: "Staff accountability: who did what when stays; the guest's details copied into an entry (a note's words, a merge's names and addresses) are emptied",
  },
};

/** Tables that stay untouched, with the reason. */
export const KEPT_TABLES: Readonly<Record<string, string>> = {
  payments: 'Money record (IRO s.51C): amounts, status, card brand and last four; keyed by the pseudonymous account',
  card_entries: 'Money record: card charges and refunds, keyed by the pseudonymous account; descriptions name the booking, not the guest',
  wallet_entries: "Money record: the member's wallet and statements, keyed by the pseudonymous account",
  no_show_fee_charges: 'Money record: a no-show fee charged to the card',
  card_guarantees: "A booking's card guarantee: the processor's setup, card brand and last four, keyed by the pseudonymous account (as payments)",
  test_processor_intents: "The test processor's copy of a payment (its metadata holds ids only); a processor keeps its own records",
  test_processor_events: "The test processor's webhook bodies: ids and amounts only",
  test_processor_refunds: "The test processor's refunds: amounts and idempotency keys",
  schema_migrations: 'The migrations applied: file names',
  waitlist_entries: 'Party size, day and time window of the pseudonymous account: no words of the guest are stored',
  stream_ticket_uses: "Staff's day-sheet stream tickets; guests never get one, and they expire in a minute",
  guest_tags: "The club's list of tags, written by admins; which guest has one is guest_tag_links",
  closures: "Staff's closures of a venue: names staff, never a guest",
  settings: "The club's settings",
  venues: "The club's venues: the venue's own reservations phone and e-mail",
  venue_texts: "The venues' published texts",
  venue_tables: "The venues' tables",
  venue_pacing: "The venues' pacing rules",
  venue_turn_times: "The venues' turn times",
  seating_areas: "The venues' seating areas",
  service_periods: "The venues' service periods",
  experiences: "The venues' experiences",
  experience_texts: "The experiences' published texts",
  menus: "The venues' menus",
};
