/**
 * The booking rules both sides apply, from docs/PRODUCT.md §4 and §9. The server enforces them; the app
 * and the charts read them to explain and count down, never to decide.
 */

/** docs/PRODUCT.md §4, §9: a created reservation is held this long for the guest to complete it. */
export const HOLD_MINUTES = 15;
