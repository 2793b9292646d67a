-- Mobile numbers one way (common/validation/phone-number.ts): the calling code with its '+' and the national
-- number's digits, so that the two together are E.164 ('+852' and '91234567': '+85291234567'). Sign-up
-- kept the code as typed ('852' or '+852') and older rows may hold spaces or dashes; the day sheet showed
-- them as '++852 91234567'. New numbers are checked with libphonenumber-js and stored this way.
UPDATE users SET mobile_country_code = '+' || regexp_replace(mobile_country_code, '\D', '', 'g')
WHERE mobile_country_code !~ '^\+[0-9]+$' AND mobile_country_code ~ '[0-9]';
UPDATE users SET mobile_number = regexp_replace(mobile_number, '\D', '', 'g') WHERE mobile_number ~ '\D';

UPDATE reservations SET mobile_country_code = '+' || regexp_replace(mobile_country_code, '\D', '', 'g')
WHERE mobile_country_code !~ '^\+[0-9]+$' AND mobile_country_code ~ '[0-9]';
UPDATE reservations SET mobile_number = regexp_replace(mobile_number, '\D', '', 'g') WHERE mobile_number ~ '\D';

UPDATE phone_verifications SET mobile_country_code = '+' || regexp_replace(mobile_country_code, '\D', '', 'g')
WHERE mobile_country_code !~ '^\+[0-9]+$' AND mobile_country_code ~ '[0-9]';
UPDATE phone_verifications SET mobile_number = regexp_replace(mobile_number, '\D', '', 'g') WHERE mobile_number ~ '\D';
