/**
 * The club's own address and contact lines: shown on Home, Membership and Press, and printed on the
 * monthly statement. Proper names and a postal address, written the same in every language. Browser-safe.
 */
export const CLUB_ADDRESS_LINES = ['Aldrich House', '12 Ice House Street', 'Central, Hong Kong'] as const;

export const CLUB_PHONE = '+852 2388 6200';

// The same inbox the server notifies for contact-form messages (server/routes/public).
export const CONCIERGE_EMAIL = 'concierge@example.com';

/** A phone number as a `tel:` address (spaces dropped): the club's, or a venue's. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^+0-9]/g, '')}`;
}
