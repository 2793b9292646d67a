// @vitest-environment jsdom
/** The card form as guests type into it: the number grouped as typed, the expiry in the ways people write it. */
import { I18nProvider } from '@lingui/react';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CardDetails } from '../../../machines/payment.machine';
import { TEST_CARDS } from '../../../server/services/payments/processor/test-processor';
import { activateLocale, i18n } from '../../../src/i18n/i18n';
import { CardForm } from '../../../src/payment/card-form';

/** The form's clock: 20 November 2026 in Hong Kong, so a card of 12/28 is good and one of 10/26 has run out. */
const NOW = new Date('2026-11-20T04:00:00Z');

function renderForm() {
  const onSubmit = vi.fn<(card: CardDetails) => void>();
  render(
    <I18nProvider i18n={i18n}>
      <CardForm submitLabel="Pay" busy={false} refusal={null} onSubmit={onSubmit} />
    </I18nProvider>,
  );
  return { onSubmit, number: () => screen.getByLabelText('Card number') as HTMLInputElement };
}

async function payWith(expiry: string) {
  const user = userEvent.setup();
  const { onSubmit } = renderForm();
  await user.type(screen.getByLabelText('Cardholder name'), 'Grace Chan');
  await user.type(screen.getByLabelText('Card number'), TEST_CARDS.visa);
  await user.type(screen.getByLabelText('Expiry (MM/YY)'), expiry);
  await user.type(screen.getByLabelText('Security code'), '123');
  await user.click(screen.getByRole('button', { name: 'Pay' }));
  return onSubmit;
}

describe('the card form', () => {
  beforeAll(async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    await activateLocale('en');
  });
  afterEach(cleanup);
  afterAll(() => vi.useRealTimers());

  it.each([
    ['12/28', 12, 28],
    ['1228', 12, 28],
    ['12 / 28', 12, 28],
    ['12/2028', 12, 2028],
    ['3/29', 3, 29],
    ['0329', 3, 29],
  ])('takes the expiry typed as %j', async (typed, expMonth, expYear) => {
    const onSubmit = await payWith(typed);
    expect(onSubmit).toHaveBeenCalledWith({ cardholderName: 'Grace Chan', cardNumber: TEST_CARDS.visa, expMonth, expYear, cvc: '123' });
  });

  it.each(['10/26', '128', '13/28', 'soon'])('refuses the expiry %j, next to the field', async (typed) => {
    const onSubmit = await payWith(typed);
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Expiry (MM/YY)').getAttribute('aria-invalid')).toBe('true');
  });

  it('groups the card number as it is typed: blocks of four, 4-6-5 for American Express', async () => {
    const user = userEvent.setup();
    const { number } = renderForm();
    await user.type(number(), '42424');
    expect(number().value).toBe('4242 4');
    await user.type(number(), '242424242');
    expect(number().value).toBe('4242 4242 4242 42');
    await user.clear(number());
    await user.type(number(), '378282246310005');
    expect(number().value).toBe('3782 822463 10005');
    // Pasted with dashes, it reads the same.
    await user.clear(number());
    await user.click(number());
    await user.paste('4000-0000-0000-3220');
    expect(number().value).toBe('4000 0000 0000 3220');
  });

  it('keeps the caret after the digit it followed when a digit is put in the middle', async () => {
    const user = userEvent.setup();
    const { number } = renderForm();
    await user.type(number(), '42424242');
    // The caret after '4242 4', and a 9 typed there: the groups shift, the caret stays after the 9.
    number().setSelectionRange(6, 6);
    await user.type(number(), '9', { initialSelectionStart: 6, initialSelectionEnd: 6 });
    expect(number().value).toBe('4242 4924 2');
    expect(number().selectionStart).toBe(7);
  });
});
