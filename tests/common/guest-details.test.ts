import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { signUpSchema } from '../../common/validation/sign-up-validation';
import { completeReservationSchema, guestDetailsErrors, guestDetailsSchema } from '../../common/validation/guest-details';

const valid = {
  firstName: 'Mei',
  lastName: 'Chan',
  email: 'mei.chan+club@example.com.hk',
  mobileCountryCode: '+852',
  mobileNumber: '9123 4567',
  agreements: { cancellationPolicy: true },
};

describe('guest details (docs/PRODUCT.md §5)', () => {
  it('accepts complete details and normalises the mobile number', () => {
    const result = v.parse(guestDetailsSchema, valid);
    expect(result.mobileNumber).toBe('91234567');
    expect(result.agreements.cancellationPolicy).toBe(true);
  });

  it("names each missing field with docs/PRODUCT.md's message", () => {
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
  it('leaves a missing mobile number to the server (docs/PRODUCT.md §8 10205) but still rejects a malformed one', () => {
    const { mobileNumber: _n, mobileCountryCode: _c, ...rest } = valid;
    expect(v.safeParse(completeReservationSchema, rest).success).toBe(true);
    const bad = v.safeParse(completeReservationSchema, { ...valid, mobileNumber: 'abc' });
    expect(bad.success).toBe(false);
    expect(bad.issues?.[0]?.message).toBe('Please enter a valid mobile number');
  });
});

// A 128-character first name was once told 'Please enter first name!': say what is wrong.
describe('length limits', () => {
  const long = (n: number) => 'x'.repeat(n);

  it('says a name, the requests or a note is too long, with its limit, rather than that it is missing', () => {
    expect(guestDetailsErrors({ ...valid, firstName: long(128), lastName: long(101) })).toEqual({
      firstName: 'The first name must be 100 characters or fewer.',
      lastName: 'The last name must be 100 characters or fewer.',
    });
    expect(guestDetailsErrors({ ...valid, notes: long(501), occasionNote: long(101), dietaryNote: long(201) })).toEqual({
      notes: 'Special requests must be 500 characters or fewer.',
      occasionNote: 'The occasion details must be 100 characters or fewer.',
      dietaryNote: 'Other dietary needs must be 200 characters or fewer.',
    });
    expect(guestDetailsErrors({ ...valid, firstName: long(100), notes: long(500), occasionNote: long(100), dietaryNote: long(200) })).toEqual({});
    expect(v.safeParse(completeReservationSchema, { ...valid, firstName: long(128) }).issues?.[0]?.message).toBe(
      'The first name must be 100 characters or fewer.',
    );
  });

  it('gives sign-up the same length messages', () => {
    expect(v.safeParse(signUpSchema, { firstName: long(128), lastName: 'Chan', email: valid.email, password: 'secret-pass' }).issues?.[0]?.message).toBe(
      'The first name must be 100 characters or fewer.',
    );
  });
});

describe('occasion and dietary needs', () => {
  it('takes an occasion from the list, any listed needs once each in the list order, and a line of text for each', () => {
    const parsed = v.parse(guestDetailsSchema, {
      ...valid,
      occasion: 'BIRTHDAY',
      occasionNote: '  My mother’s 70th ',
      dietaryNeeds: ['NUT_ALLERGY', 'VEGETARIAN', 'NUT_ALLERGY'],
      dietaryNote: 'No coriander',
    });
    expect(parsed).toMatchObject({
      occasion: 'BIRTHDAY',
      occasionNote: 'My mother’s 70th',
      dietaryNeeds: ['VEGETARIAN', 'NUT_ALLERGY'],
      dietaryNote: 'No coriander',
    });
  });

  it('reads an empty choice, a blank text or a missing field as none', () => {
    expect(v.parse(guestDetailsSchema, { ...valid, occasion: '', occasionNote: '  ', dietaryNote: '' })).toMatchObject({
      occasion: null,
      occasionNote: null,
      dietaryNeeds: [],
      dietaryNote: null,
    });
    expect(v.parse(completeReservationSchema, valid)).toMatchObject({ occasion: null, dietaryNeeds: [] });
  });

  it('refuses an occasion or a need that is not on the list', () => {
    expect(guestDetailsErrors({ ...valid, occasion: 'WEDDING' })).toEqual({ occasion: 'Please choose an occasion from the list' });
    expect(guestDetailsErrors({ ...valid, dietaryNeeds: ['VEGAN', 'PALEO'] })).toEqual({
      'dietaryNeeds.1': 'Please choose dietary needs from the list',
    });
    expect(guestDetailsErrors({ ...valid, dietaryNeeds: 'VEGAN' })).toEqual({ dietaryNeeds: 'Please choose dietary needs from the list' });
  });
});
