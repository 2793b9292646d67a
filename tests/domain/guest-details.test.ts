import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { completeReservationSchema, guestDetailsErrors, guestDetailsSchema } from '../../src/domain/guest-details';

const valid = {
  firstName: 'Mei',
  lastName: 'Chan',
  email: 'mei.chan+club@example.com.hk',
  mobileCountryCode: '+852',
  mobileNumber: '9123 4567',
  agreements: { cancellationPolicy: true },
};

describe('guest details (SPEC §5)', () => {
  it('accepts complete details and normalises the mobile number', () => {
    const result = v.parse(guestDetailsSchema, valid);
    expect(result.mobileNumber).toBe('91234567');
    expect(result.agreements.cancellationPolicy).toBe(true);
  });

  it("names each missing field with the spec's message", () => {
    expect(guestDetailsErrors({})).toEqual({
      firstName: 'Please enter first name!',
      lastName: 'Please enter last name!',
      email: 'Please enter your email address!',
      mobileCountryCode: 'Please enter a valid mobile number',
      mobileNumber: 'Please enter mobile number!',
      cancellationPolicy: 'Please agree to cancellation policy',
    });
    expect(guestDetailsErrors({ ...valid, firstName: '   ' })).toEqual({ firstName: 'Please enter first name!' });
  });

  it('rejects a malformed mobile number', () => {
    expect(guestDetailsErrors({ ...valid, mobileNumber: '12ab' })).toEqual({
      mobileNumber: 'Please enter a valid mobile number',
    });
  });

  it('rejects a malformed e-mail address', () => {
    for (const email of ['mei', 'mei@', 'mei@example', 'mei@example.c', 'mei@example.abcdefg', 'm ei@example.com', 'mei#@example.com']) {
      expect(guestDetailsErrors({ ...valid, email })).toEqual({ email: 'Please enter a valid email address!' });
    }
  });

  it('requires agreement to the cancellation policy, literally true', () => {
    for (const agreements of [undefined, {}, { cancellationPolicy: false }, { cancellationPolicy: 'yes' }]) {
      expect(guestDetailsErrors({ ...valid, agreements })).toEqual({ cancellationPolicy: 'Please agree to cancellation policy' });
    }
  });
});

describe('completion body', () => {
  it('leaves a missing mobile number to the server (SPEC §8 10205) but still rejects a malformed one', () => {
    const { mobileNumber: _n, mobileCountryCode: _c, ...rest } = valid;
    expect(v.safeParse(completeReservationSchema, rest).success).toBe(true);
    const bad = v.safeParse(completeReservationSchema, { ...valid, mobileNumber: 'abc' });
    expect(bad.success).toBe(false);
    expect(bad.issues?.[0]?.message).toBe('Please enter a valid mobile number');
  });
});
