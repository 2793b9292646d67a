/** Stripe's card form and bank-check button, loaded only by an app that pays or saves cards on Stripe. */
import { lazy } from 'react';

export const StripePaymentForm = lazy(() => import('./stripe-payment-form').then((m) => ({ default: m.StripePaymentForm })));
export const StripeBankCheckButton = lazy(() => import('./stripe-payment-form').then((m) => ({ default: m.StripeBankCheckButton })));
