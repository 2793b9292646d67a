// @vitest-environment jsdom
/**
 * The payment step on Stripe, in jsdom: Stripe.js cannot load offline, so `@stripe/stripe-js` is replaced
 * at its loader (`loadStripe`) by a fake with the calls `@stripe/react-stripe-js` makes. The real payment
 * chart drives the real panel: the Payment Element made for the payment's client secret in the app's
 * language, Pay confirming at Stripe (3-D Secure and wallets are Stripe.js's own), a refused card starting
 * a fresh attempt with Stripe's reason, and docs/PRODUCT.md §8's texts where something fails; and a card
 * guarantee's card saved with confirmSetup (docs/decisions/0035-card-guarantee.md).
 */
import { I18nProvider } from '@lingui/react';
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { paymentMachine, type ConfirmCardInput, type CreatePaymentInput, type Payment, type PaymentConfig, type PaymentIntent, type WaitForPaymentInput } from '../../../machines/payment.machine';
import { activateLocale, i18n } from '../../../src/i18n/i18n';
import { PaymentPanel } from '../../../src/payment/payment-panel';
import { paymentActors } from '../../../src/payment/payment-actors';
import { SLOW } from '../../support/ui/page-queries';
import { cardGuaranteeMachine, type CardGuarantee } from '../../../machines/card-guarantee.machine';
import { CardGuaranteePanel } from '../../../src/payment/card-guarantee-panel';

type Handler = (...args: unknown[]) => void;

/** The fake Stripe.js: what the Payment Element was made with, its events, and confirmPayment's answer. */
const stripeJs = vi.hoisted(() => ({
  loads: [] as string[],
  /** What loadStripe resolves to next: a Stripe, null (the script did not load) or a rejection. */
  loadResult: 'stripe' as 'stripe' | 'null' | 'reject',
  elementsOptions: [] as Record<string, unknown>[],
  handlers: new Map<string, Handler>(),
  createFails: false,
  confirmPayment: null as unknown as ReturnType<typeof vi.fn<(...args: unknown[]) => Promise<unknown>>>,
  handleNextAction: null as unknown as ReturnType<typeof vi.fn<(...args: unknown[]) => Promise<unknown>>>,
  confirmSetup: null as unknown as ReturnType<typeof vi.fn<(...args: unknown[]) => Promise<unknown>>>,
}));

vi.mock('@stripe/stripe-js', () => ({
  loadStripe: async (key: string) => {
    stripeJs.loads.push(key);
    if (stripeJs.loadResult === 'reject') throw new Error('Failed to load Stripe.js');
    if (stripeJs.loadResult === 'null') return null;
    return {
      elements: (options: Record<string, unknown>) => {
        stripeJs.elementsOptions.push(options);
        return {
          create: () => {
            if (stripeJs.createFails) throw new Error('IntegrationError: Invalid value for clientSecret');
            return {
              mount: (node: HTMLElement) => {
                node.innerHTML = '<label>Card number <input name="number"></label>';
              },
              on: (event: string, handler: Handler) => stripeJs.handlers.set(event, handler),
              off: (event: string) => stripeJs.handlers.delete(event),
              update: () => {},
              destroy: () => {},
            };
          },
          update: () => {},
        };
      },
      createToken: () => {},
      createPaymentMethod: () => {},
      confirmCardPayment: () => {},
      confirmPayment: (...args: unknown[]) => stripeJs.confirmPayment(...args),
      handleNextAction: (...args: unknown[]) => stripeJs.handleNextAction(...args),
      confirmSetup: (...args: unknown[]) => stripeJs.confirmSetup(...args),
      registerAppInfo: () => {},
      _registerWrapper: () => {},
    };
  },
}));

const CONFIG: PaymentConfig = { provider: 'stripe', publishableKey: 'pk_test_club', currency: 'HKD', methods: ['CARD'] };

const payment = (n: number, status: Payment['status'] = 'REQUIRES_PAYMENT_METHOD'): Payment =>
  ({ _id: `pay_${n}`, reservationId: 'r1', purpose: 'RESERVATION', method: 'CARD', amount: 60_000, currency: 'HKD', status, intentId: `pi_${n}`, clientSecret: `pi_${n}_secret_x`, cardBrand: null, cardLast4: null, failureMessage: null, refundedAmount: 0 }) as Payment;

function startPayment(options: { config?: () => Promise<PaymentConfig>; status?: Payment['status'] } = {}) {
  const created: CreatePaymentInput[] = [];
  const actor = createActor(
    paymentMachine.provide({
      actors: {
        loadConfig: fromPromise(options.config ?? (async () => CONFIG)),
        createPayment: fromPromise<Payment, CreatePaymentInput>(async ({ input }) => {
          created.push(input);
          // `status`: the first attempt's as the server answers it (a reload during the bank's check).
          return payment(created.length, created.length === 1 ? options.status : undefined);
        }),
        // The app's own actor: a processor component's confirmation runs as is.
        confirmCard: fromPromise<PaymentIntent, ConfirmCardInput>(({ input }) => input.confirm!()),
        answerChallenge: paymentActors.answerChallenge,
        waitForPayment: fromPromise<Payment, WaitForPaymentInput>(async () => payment(created.length, 'SUCCEEDED')),
      },
    }),
    { input: { purpose: 'reservation', reservationId: 'r1', amount: 60_000 } },
  ).start();
  render(
    <I18nProvider i18n={i18n}>
      <PaymentPanel actor={actor} />
    </I18nProvider>,
  );
  return { actor, created };
}

/** The Payment Element says it is ready, as Stripe.js does once its frame has loaded. */
async function elementReady() {
  // The card form is a lazy chunk: its first import may take seconds on a busy machine.
  await screen.findByLabelText(/Card number/, {}, SLOW);
  await act(async () => stripeJs.handlers.get('ready')?.({ elementType: 'payment' }));
}

describe('paying on Stripe (Stripe.js replaced at its loader)', () => {
  beforeEach(async () => {
    await activateLocale('en');
    Object.assign(stripeJs, {
      loads: [],
      loadResult: 'stripe',
      elementsOptions: [],
      createFails: false,
      confirmPayment: vi.fn<(...args: unknown[]) => Promise<unknown>>(),
      handleNextAction: vi.fn<(...args: unknown[]) => Promise<unknown>>(),
      confirmSetup: vi.fn<(...args: unknown[]) => Promise<unknown>>(),
    });
    stripeJs.handlers.clear();
  });
  afterEach(cleanup);

  it('makes the Payment Element for the payment, in the app\'s language, and pays through Stripe', async () => {
    await activateLocale('zh-Hant');
    stripeJs.confirmPayment.mockResolvedValue({ paymentIntent: { id: 'pi_1', status: 'succeeded', amount: 60_000, currency: 'hkd' } });
    const { actor } = startPayment();
    await elementReady();
    expect(stripeJs.loads).toEqual(['pk_test_club']);
    expect(stripeJs.elementsOptions.at(-1)).toMatchObject({ clientSecret: 'pi_1_secret_x', locale: 'zh-HK' });
    await userEvent.setup().click(screen.getByRole('button', { name: /HK\$/ }));
    await vi.waitFor(() => expect(actor.getSnapshot().status).toBe('done'));
    expect(stripeJs.confirmPayment).toHaveBeenCalledWith(expect.objectContaining({ redirect: 'if_required', confirmParams: { return_url: expect.any(String) } }));
    expect(actor.getSnapshot().output).toEqual({ paymentId: 'pay_1', method: 'CARD' });
  });

  it("saves a card guarantee's card with confirmSetup on the setup's client secret, the terms above it, nothing paid", async () => {
    stripeJs.confirmSetup.mockResolvedValue({ setupIntent: { id: 'seti_1', status: 'succeeded' } });
    const guarantee = (status: CardGuarantee['status']): CardGuarantee => ({
      reservationId: 'r1',
      status,
      clientSecret: status === 'SAVED' ? null : 'seti_1_secret_y',
      card: status === 'SAVED' ? { brand: 'visa', last4: '4242' } : null,
      failureMessage: null,
      feePerGuest: 50_000,
      cancelBy: '2026-12-09T10:00:00.000Z',
    });
    const actor = createActor(
      cardGuaranteeMachine.provide({
        actors: {
          startGuarantee: fromPromise(async () => guarantee('REQUIRES_CARD')),
          readGuarantee: fromPromise(async () => guarantee('SAVED')),
          confirmCard: fromPromise<PaymentIntent, ConfirmCardInput>(({ input }) => input.confirm!()),
          answerChallenge: paymentActors.answerChallenge,
        },
      }),
      { input: { reservationId: 'r1' } },
    ).start();
    render(
      <I18nProvider i18n={i18n}>
        <CardGuaranteePanel actor={actor} config={CONFIG} />
      </I18nProvider>,
    );
    expect(await screen.findByText(/^No charge now\. HK\$500 a guest/)).toBeTruthy();
    await elementReady();
    expect(stripeJs.elementsOptions.at(-1)).toMatchObject({ clientSecret: 'seti_1_secret_y' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save card' }));
    await vi.waitFor(() => expect(actor.getSnapshot().status).toBe('done'));
    expect(stripeJs.confirmSetup).toHaveBeenCalledWith(expect.objectContaining({ redirect: 'if_required' }));
    expect(stripeJs.confirmPayment).not.toHaveBeenCalled();
    expect(actor.getSnapshot().output).toEqual({ card: { brand: 'visa', last4: '4242' } });
  });

  it("takes up the bank's check a reload left unfinished with handleNextAction, for the same intent", async () => {
    stripeJs.handleNextAction.mockResolvedValue({ paymentIntent: { id: 'pi_1', status: 'succeeded', amount: 60_000, currency: 'hkd' } });
    // The payment answered for this attempt's key waits for 3-D Secure (the guest reloaded during the check).
    const { actor, created } = startPayment({ status: 'REQUIRES_ACTION' });
    expect(await screen.findByRole('heading', { name: 'Confirm with your bank' })).toBeTruthy();
    const resume = await screen.findByRole('button', { name: 'Continue with your bank' }, SLOW);
    await vi.waitFor(() => expect((resume as HTMLButtonElement).disabled).toBe(false));
    await userEvent.setup().click(resume);
    await vi.waitFor(() => expect(actor.getSnapshot().status).toBe('done'));
    expect(stripeJs.handleNextAction).toHaveBeenCalledWith({ clientSecret: 'pi_1_secret_x' });
    // No new attempt: the same payment was paid.
    expect(created).toHaveLength(1);
    expect(actor.getSnapshot().output).toEqual({ paymentId: 'pay_1', method: 'CARD' });
  });

  it("starts a fresh attempt when the resumed bank check fails, with Stripe's reason", async () => {
    stripeJs.handleNextAction.mockResolvedValue({
      error: {
        type: 'invalid_request_error',
        code: 'payment_intent_authentication_failure',
        message: 'We are unable to authenticate your payment method.',
        payment_intent: { id: 'pi_1', status: 'requires_payment_method', amount: 60_000, currency: 'hkd' },
      },
    });
    const { created } = startPayment({ status: 'REQUIRES_ACTION' });
    const resume = await screen.findByRole('button', { name: 'Continue with your bank' }, SLOW);
    await vi.waitFor(() => expect((resume as HTMLButtonElement).disabled).toBe(false));
    await userEvent.setup().click(resume);
    expect(await screen.findByText('We are unable to authenticate your payment method.')).toBeTruthy();
    expect(created.map((c) => c.idempotencyKey)).toEqual(['r1-card-1', 'r1-card-2']);
  });

  it('starts a fresh attempt after a refused card, showing Stripe\'s reason beside the new Element', async () => {
    stripeJs.confirmPayment.mockResolvedValueOnce({
      error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.', payment_intent: { id: 'pi_1', status: 'requires_payment_method', amount: 60_000, currency: 'hkd' } },
    });
    const { created } = startPayment();
    await elementReady();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Pay HK$600' }));
    expect(await screen.findByText('Your card was declined.')).toBeTruthy();
    expect(created.map((c) => c.idempotencyKey)).toEqual(['r1-card-1', 'r1-card-2']);
    expect(stripeJs.elementsOptions.at(-1)).toMatchObject({ clientSecret: 'pi_2_secret_x' });
  });

  it("says 'An error occurred during payment' when Stripe answers with an error that is not the card's", async () => {
    stripeJs.confirmPayment.mockResolvedValue({ error: { type: 'api_error', message: 'Something went wrong' } });
    startPayment();
    await elementReady();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Pay HK$600' }));
    expect((await screen.findByRole('alert')).textContent).toBe('An error occurred during payment');
  });

  it("says 'Payment component not initialized' when Pay is pressed before the Element is ready", async () => {
    startPayment();
    await screen.findByLabelText(/Card number/);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Pay HK$600' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Payment component not initialized');
    expect(stripeJs.confirmPayment).not.toHaveBeenCalled();
  });

  it("says 'Failed to create payment component' when the Element cannot load", async () => {
    startPayment();
    await screen.findByLabelText(/Card number/);
    await act(async () => stripeJs.handlers.get('loaderror')?.({ elementType: 'payment', error: { type: 'invalid_request_error' } }));
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to create payment component');
  });

  it("says 'Failed to create payment form' when the Element cannot be made at all", async () => {
    stripeJs.createFails = true;
    vi.spyOn(console, 'error').mockImplementation(() => {});
    startPayment();
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to create payment form');
    vi.mocked(console.error).mockRestore();
  });

  it("says 'Card payment provider initialization failed' when Stripe.js does not load, and loads it again on Try again", async () => {
    stripeJs.loadResult = 'null';
    // A key of its own: Stripe.js loaded for another key earlier in this file is kept for the page's life.
    startPayment({ config: async () => ({ ...CONFIG, publishableKey: 'pk_test_offline' }) });
    expect((await screen.findByRole('alert')).textContent).toBe('Card payment provider initialization failed');
    stripeJs.loadResult = 'stripe';
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    await elementReady();
    expect(stripeJs.loads).toEqual(['pk_test_offline', 'pk_test_offline']);
  });

  it("says 'Failed to get payment configuration' when GET /user/payment/config fails", async () => {
    startPayment({ config: async () => Promise.reject({ message: 'network' }) });
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to get payment configuration');
    expect(stripeJs.loads).toEqual([]);
  });
});
