import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

/**
 * The texts of the pages a guest reaches only after choosing to book, manage or pay (locales/flows, loaded
 * with those pages by src/i18n/flow-catalog.ts): files no other page and not the shell imports
 * (tests/i18n/flow-catalog-reach.test.ts walks the imports). The log-in pages stay in the start catalog:
 * the nav bar offers them on every page.
 */
export const FLOW_SOURCES = [
  'src/routes/{book,experience,timeslot,seating,profile,warning,confirm,verify,order,payment,card,result}.tsx',
  'src/routes/{manage,cancel,waitlist-offer,wallet,wallet-detail,transactions,monthly-statements,change-password}.tsx',
  'src/routes/{feedback,allergies,my-data,message-preferences,walk-in}.tsx',
  'src/feedback/*.{ts,tsx}',
  'src/booking/{booking-step,booking-summary,guest-requests-fields,guest-summary}.tsx',
  'src/booking/{policy-agreements,price-breakdown,identify-step,time-buttons}.tsx',
  // Also in the staff console's catalog: its set-up previews the policy as guests read it.
  'src/booking/policy-texts.ts',
  'src/booking/guest-contact-fields.tsx',
  'src/booking/{closed-day-text,problem-text}.ts',
  'src/manage/{add-to-calendar,at-the-door,cancellation-consequence,change-form,reservation-details,reservation-states}.tsx',
  'src/manage/manage-problem-text.ts',
  'src/manage/save-card-by-link.tsx',
  'src/payment/{card-form-boundary,card-form,payment-panel,payment-policy-line,payment-receipt,stripe-payment-form}.tsx',
  'src/payment/{saved-card-choices,saved-cards-section,card-guarantee-panel,card-guarantee-line,payment-failed,bank-check-actions}.tsx',
  'src/waitlist/*.{ts,tsx}',
  'src/wallet/*.{ts,tsx}',
  'src/components/{group-list,reservation-card,hold-countdown,dining-area-choices,party-size-select}.tsx',
];

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'ja', 'ko', 'th', 'zh-Hans', 'zh-Hant'],
  fallbackLocales: { default: 'en' },
  catalogs: [
    // The app's texts (the rules in common/ speak the server's English and are in its catalog).
    { path: '<rootDir>/locales/{locale}', include: ['src', 'machines'], exclude: ['**/src/staff/**', '**/src/routes/staff/**', ...FLOW_SOURCES.map((glob) => `**/${glob}`)] },
    { path: '<rootDir>/locales/flows/{locale}', include: FLOW_SOURCES },
    // The staff console's own texts, loaded with its first page: a guest's first visit never downloads them.
    { path: '<rootDir>/locales/staff/{locale}', include: ['src/staff', 'src/routes/staff', 'src/booking/policy-texts.ts'] },
    // The server's answers, e-mails, statement PDF and the venues' content, by their English text.
    { path: '<rootDir>/locales/server/{locale}', include: ['server', 'common'], exclude: ['**/server/bench/**'] },
  ],
  // By id: by message, the server's explicit-id texts (which have no message) kept extraction's order, which varies.
  orderBy: 'messageId',
  format: formatter({ lineNumbers: false }),
});
