/**
 * The one way to read the policy that applies to a booking (docs/PRODUCT.md §9, "Policy texts"): the
 * experience's own when it has one, else its venue's. Every reader (mails, changes, fees, the day sheet,
 * the booking's policy step, the manage page) goes through it, so an experience's override is never
 * half applied. Browser-safe: the server passes its rows, the app the venue's answer.
 */
export function policyOf<P>(venue: { policy: P }, experience?: { policy?: P | null } | null): P {
  return experience?.policy ?? venue.policy;
}
