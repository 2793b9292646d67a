/**
 * Mobile numbers one way (common/validation/phone-number.ts): read with libphonenumber-js however they were
 * typed, stored as '+852' and the national digits (E.164 together), shown as '+852 9123 4567'; the same
 * check in the guest's, the account's and the staff's schemas.
 */
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { signUpSchema } from '../../common/validation/sign-up-validation';
import { completeReservationSchema, guestDetailsErrors } from '../../common/validation/guest-details';
import { formatPhoneNumber, parsePhoneNumber, phoneE164 } from '../../common/validation/phone-number';
import { phoneBookingSchema } from '../../common/validation/staff-booking-validation';

describe('mobile numbers', () => {
  it('reads a number however it was typed, as the code with its + and the national digits', () => {
    for (const [code, number] of [['852', '9123 4567'], ['+852', '9123-4567'], [' 852 ', '91234567'], ['', '+852 9123 4567'], ['44', '+852 (9123) 4567']]) {
      expect(parsePhoneNumber(code, number), `${code} ${number}`).toEqual({ countryCode: '+852', number: '91234567' });
    }
    expect(phoneE164(parsePhoneNumber('+44', '07911 123456')!)).toBe('+447911123456');
  });

  it('refuses what is no valid number', () => {
    for (const [code, number] of [['852', '1234 5678'], ['852', '12ab'], ['852', ''], ['HK', '91234567'], ['', '91234567'], ['852', '9123 4567 8901 2345 6789 0']]) {
      expect(parsePhoneNumber(code, number), `${code} ${number}`).toBeNull();
    }
  });

  it('shows a stored number in international format, and one it cannot read with a single +', () => {
    expect(formatPhoneNumber('+852', '91234567')).toBe('+852 9123 4567');
    expect(formatPhoneNumber('852', '6123-0000')).toBe('+852 6123 0000');
    expect(formatPhoneNumber('+86', '13812345678')).toBe('+86 138 1234 5678');
    expect(formatPhoneNumber('+852', '12345678')).toBe('+852 12345678');
    expect(formatPhoneNumber('+852', null)).toBeNull();
  });

  it('checks and stores the number one way in the guest, account and staff schemas', () => {
    expect(guestDetailsErrors({ firstName: 'Mei', lastName: 'Chan', email: 'mei@example.com', mobileCountryCode: '852', mobileNumber: '1234 5678', agreements: { cancellationPolicy: true } })).toEqual({
      mobileNumber: 'Please enter a valid mobile number',
    });
    const completed = v.parse(completeReservationSchema, { firstName: 'Mei', lastName: 'Chan', email: 'mei@example.com', mobileCountryCode: '852', mobileNumber: '9123 4567', agreements: { cancellationPolicy: true } });
    expect([completed.mobileCountryCode, completed.mobileNumber]).toEqual(['+852', '91234567']);
    const signedUp = v.parse(signUpSchema, { firstName: 'Mei', lastName: 'Chan', email: 'mei@example.com', password: 'a-long-password', mobileCountryCode: '852', mobileNumber: '91234567' });
    expect([signedUp.mobileCountryCode, signedUp.mobileNumber]).toEqual(['+852', '91234567']);
    const call = { venueId: 'a'.repeat(24), experienceId: 'b'.repeat(24), date: '2026-12-01', startTime: 1140, numberOfGuests: 2, firstName: 'Mei', lastName: 'Chan', mobileCountryCode: '852' };
    expect(v.safeParse(phoneBookingSchema, { ...call, mobileNumber: '1234 5678' }).issues?.map((i) => [v.getDotPath(i), i.message])).toEqual([['mobileNumber', 'Please enter a valid mobile number']]);
    expect(v.parse(phoneBookingSchema, { ...call, mobileNumber: '9123 4567' })).toMatchObject({ mobileCountryCode: '+852', mobileNumber: '91234567' });
  });
});
