/** The booking wizard's headings, for browser tests and the whole-app tests in jsdom alike (no Playwright here). */
export const STEP_HEADINGS = {
  experience: 'Choose your experience',
  dateParty: 'Date and party size',
  timeslot: 'Choose a time',
  seating: 'Choose a dining area',
  details: 'Your details',
  verify: 'Verify your mobile number',
  confirm: 'Review and confirm',
  payment: 'Payment',
  card: 'Save a card',
  result: 'Your table is confirmed',
  expired: 'Reservation expired',
  warning: 'We need to help you personally',
  login: 'Log in',
} as const;
