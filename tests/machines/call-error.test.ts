import { describe, expect, it } from 'vitest';
import { ApiFailure } from '../../common/api/api-error';
import { RequestFailure } from '../../src/api/auth-fetch';
import { callErrorOf, outputOf } from '../../machines/actor-event';
import { toCallError } from '../../machines/call-error';
import { ERROR_CODES } from '../../common/api/error-codes';

describe('toCallError: one shape for every refused call', () => {
  it("keeps the API's status, code, words, refused field and contact", () => {
    const contact = { phone: '+852 2111 1111', email: 'reservations@example.com' };
    expect(toCallError(new ApiFailure(422, ERROR_CODES.PARTY_TOO_LARGE, 'Too many guests', undefined, { contact }))).toEqual({
      status: 422,
      errorCode: ERROR_CODES.PARTY_TOO_LARGE,
      message: 'Too many guests',
      contact,
    });
    expect(toCallError(new ApiFailure(400, ERROR_CODES.VALIDATION, 'Your card number is incorrect.', 'cardNumber'))).toEqual({
      status: 400,
      errorCode: ERROR_CODES.VALIDATION,
      message: 'Your card number is incorrect.',
      field: 'cardNumber',
    });
  });

  it("says 'timeout' or 'network' when no answer came, and passes a CallError through unchanged", () => {
    expect(toCallError(new RequestFailure('timeout'))).toEqual({ message: 'timeout' });
    const outdated = { status: 409, errorCode: ERROR_CODES.LINK_OUTDATED, message: 'changed' };
    expect(toCallError(outdated)).toBe(outdated);
    expect(toCallError('down')).toEqual({ message: 'down' });
  });
});

describe('actor events', () => {
  it("read a done event's output and an error event's refusal, and refuse any other event", () => {
    expect(outputOf({ type: 'xstate.done.actor.loadVenue', output: 1 } as never)).toBe(1);
    expect(callErrorOf({ type: 'xstate.error.actor.loadVenue', error: { message: 'no' } } as never)).toEqual({ message: 'no' });
    expect(() => outputOf({ type: 'slot.pick' })).toThrow(/done event/);
    expect(() => callErrorOf({ type: 'xstate.done.actor.loadVenue', output: 1 } as never)).toThrow(/error event/);
  });
});
