/**
 * The guest's details form as the booking's details steps share it: pre-filled from what the booking knows
 * of the guest (the profile read once logged in, or what they typed earlier in this booking), and a
 * submit that hands on the checked values or puts the cursor on the first field in error.
 */
import type { FormEvent } from 'react';
import type * as v from 'valibot';
import type { GuestDetails } from '../../machines/booking/booking.machine';
import { BookingContext } from './booking-context';
import { useIdentitySelector } from './use-guest-identity';
import { useForm } from '../components/form';
import { useMessageText } from '../i18n/message-text';

/** The contact fields every details form starts from; Hong Kong's country code until the guest says otherwise. */
const contactOf = (guest: GuestDetails | null) => ({
  firstName: guest?.firstName ?? '',
  lastName: guest?.lastName ?? '',
  email: guest?.email ?? '',
  mobileCountryCode: guest?.mobileCountryCode ?? '852',
  mobileNumber: guest?.mobileNumber ?? '',
});

/**
 * `schema`'s form pre-filled with the guest's contact, plus what `more` pre-fills of the guest's other
 * fields. Returns the guest as the booking knows it, the form, and `onSubmit(use)`, the form's handler.
 */
export function useGuestDetailsPrefill<S extends v.GenericSchema>(schema: S, more?: (guest: GuestDetails | null) => Record<string, unknown>) {
  const translate = useMessageText();
  const bookingGuest = BookingContext.useSelector((s) => s.context.guest);
  // While the visitor identifies, the contact typed there (kept when a call is refused).
  const identityGuest = useIdentitySelector((s) => s?.context.guest);
  const guest = identityGuest ?? bookingGuest;
  const form = useForm(schema, { ...contactOf(guest), ...more?.(guest) }, translate);
  const onSubmit = (use: (values: v.InferOutput<S>) => void) => (event: FormEvent) => {
    event.preventDefault();
    const values = form.validate();
    if (!values) {
      document.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      return;
    }
    use(values);
  };
  return { guest, form, onSubmit };
}
