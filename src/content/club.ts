/** The club's own address and contact lines, shown on Home, Membership and Press. */

/** Proper names and a postal address: shown as written in every language. */
export const CLUB_ADDRESS_LINES = ['Aldrich House', '12 Ice House Street', 'Central, Hong Kong'] as const;

export const CLUB_PHONE = '+852 2388 6200';

// The same inbox the server notifies for contact-form messages (server/routes/public).
export const CONCIERGE_EMAIL = 'concierge@example.com';
export const MEMBERSHIP_EMAIL = 'membership@example.com';
export const PRESS_EMAIL = 'press@example.com';
export const PRESS_PHONE = '+852 2388 6210';

/** A phone number as a `tel:` address (spaces dropped). */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^+0-9]/g, '')}`;
}
