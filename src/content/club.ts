/** The club's own address and contact lines, shown on Home, Membership and Press. */

// Shared with the server, which prints them on the monthly statement.
export { CLUB_ADDRESS_LINES, CLUB_PHONE, CONCIERGE_EMAIL, telHref } from '../../common/club-contact';

export const MEMBERSHIP_EMAIL = 'membership@example.com';
export const PRESS_EMAIL = 'press@example.com';
export const PRESS_PHONE = '+852 2388 6210';
