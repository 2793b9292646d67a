/** The booking chart's actor, shared by the wizard's pages. */
import { createActorContext } from '@xstate/react';
import { bookingMachine } from '../../machines/booking/booking.machine';

export const BookingContext = createActorContext(bookingMachine);
