/**
 * Which card processor the server may run. Only the built-in test-mode one exists so far: it charges no
 * card, so production runs it only when PAYMENTS_TEST_MODE=1 says so, and then says so loudly.
 */
import { StartupRefusal } from '../../../lib/startup-refusal';

export interface ProcessorChoice {
  kind: 'test-mode';
  /** For the log at start, in production only. */
  warning: string | null;
}

export const TEST_MODE_WARNING =
  'Card payments run in TEST MODE (PAYMENTS_TEST_MODE=1): no card is charged and only test card numbers are accepted. Do not take real bookings like this.';

export function chooseProcessor(settings: { production: boolean; paymentsTestMode: boolean }): ProcessorChoice {
  if (!settings.production) return { kind: 'test-mode', warning: null };
  if (settings.paymentsTestMode) return { kind: 'test-mode', warning: TEST_MODE_WARNING };
  throw new StartupRefusal(
    [
      'NODE_ENV=production, and no card processor is configured: the only one built in is the test-mode processor, which charges no card.',
      'What to do:',
      '- to run in production with test cards only (a trial; nothing is charged), set PAYMENTS_TEST_MODE=1;',
      '- to take real payments, add a real processor (its interface is server/services/payments/processor/processor.ts).',
    ].join('\n'),
  );
}
