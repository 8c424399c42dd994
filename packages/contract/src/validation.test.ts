import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type * as z from 'zod';
import {
  ACCEPTED_EMAIL_STATUSES,
  MESSAGE_DIGITS_ONLY,
  MESSAGE_EDGE_SPACE,
  MESSAGE_EMAIL,
  MESSAGE_INVALID_PLACE,
  MESSAGE_LETTERS_ONLY,
  MESSAGE_MAX_LENGTH,
  MESSAGE_MOBILE,
  MESSAGE_PIN,
  MESSAGE_REQUIRED,
  MESSAGE_REQUIRED_ADDRESS,
  MESSAGE_SPECIAL_CHARACTERS,
  PROPERTY_TYPES,
  REJECTED_EMAIL_STATUSES,
  RULE_ALPHANUMERIC,
  RULE_ALPHANUMERIC_WITH_SPACES,
  RULE_ADDRESS_CHARACTERS,
  RULE_DIGITS_ONLY,
  RULE_EMAIL,
  RULE_HOUSE_NUMBER_CHARACTERS,
  RULE_LETTERS_ONLY,
  RULE_MOBILE_LENGTH,
  RULE_NAME_CHARACTERS,
  RULE_NO_EDGE_SPACE,
  RULE_PIN_LENGTH,
  RULE_REQUIRED,
  RULE_REQUIRED_ADDRESS,
  SUFFIX_OPTIONS,
  ZAreaForm,
  ZCondominiumForm,
  ZHouseForm,
  ZPropertyType,
  alternateMobileNumber,
  barangay,
  buildingName,
  city,
  condominiumPartsForSending,
  email,
  escapeAmpersands,
  firstFailure,
  floor,
  houseNumber,
  housePartsForSending,
  isAcceptedEmailStatus,
  landmark,
  maxLengthRule,
  mobileNumber,
  normaliseMobileNumber,
  optionalTextField,
  personName,
  pin,
  pinnedPosition,
  province,
  street,
  suffix,
  suffixForSending,
  textField,
  toAlternatePhone,
  toDisplayMobile,
  toInternationalMsisdn,
  unitNumber,
  village,
  type FieldRule,
} from './validation';

/** The one message a failing schema reports, or null when the value passes. Fails on two or more issues. */
function messageOf(schema: z.ZodType, value: unknown): string | null {
  const result = schema.safeParse(value);
  if (result.success) return null;
  expect(result.error.issues).toHaveLength(1);
  return result.error.issues[0]!.message;
}

const repeat = (text: string, times: number) => text.repeat(times);

describe('product §5 messages', () => {
  it.each([
    [MESSAGE_REQUIRED, 'This is a required field.'],
    [MESSAGE_REQUIRED_ADDRESS, 'Please fill out this field to continue.'],
    [MESSAGE_DIGITS_ONLY, 'Please enter only a number.'],
    [MESSAGE_LETTERS_ONLY, 'Can only contain alphabets from A to Z.'],
    [MESSAGE_EMAIL, 'Please enter a valid email address.'],
    [MESSAGE_PIN, 'Please enter your 6-digit PIN.'],
    [MESSAGE_SPECIAL_CHARACTERS, 'Special characters are not allowed.'],
    [MESSAGE_EDGE_SPACE, "Please don't enter space at the beginning and end."],
    [MESSAGE_MOBILE, "That's not a valid mobile number."],
    [MESSAGE_INVALID_PLACE, "Sorry,This isn't a valid place."],
  ])('%s', (actual, expected) => {
    expect(actual).toBe(expected);
  });

  it('names the limit in the max-length message', () => {
    expect(MESSAGE_MAX_LENGTH(100)).toBe('Please enter at most 100 characters.');
    expect(MESSAGE_MAX_LENGTH(255)).toBe('Please enter at most 255 characters.');
  });
});

describe('product §5 rule table: each rule and its message', () => {
  it.each([
    ['required', RULE_REQUIRED, 'x', '', MESSAGE_REQUIRED],
    ['required address field', RULE_REQUIRED_ADDRESS, 'x', '', MESSAGE_REQUIRED_ADDRESS],
    ['digits only', RULE_DIGITS_ONLY, '0123456789', '12a', MESSAGE_DIGITS_ONLY],
    ['letters only', RULE_LETTERS_ONLY, 'AbcZ', 'Ab1', MESSAGE_LETTERS_ONLY],
    ['email', RULE_EMAIL, 'juan@example.ph', 'juan@', MESSAGE_EMAIL],
    ['PIN, exactly 6 characters', RULE_PIN_LENGTH, '123456', '12345', MESSAGE_PIN],
    ['letters, digits, hyphen, ñ', RULE_ALPHANUMERIC, 'Ab1-ñÑ', 'Ab 1', MESSAGE_SPECIAL_CHARACTERS],
    [
      'same set, spaces allowed',
      RULE_ALPHANUMERIC_WITH_SPACES,
      'Ab 1-ñ',
      'Ab.1',
      MESSAGE_SPECIAL_CHARACTERS,
    ],
    ['no leading or trailing space', RULE_NO_EDGE_SPACE, 'a b', 'a ', MESSAGE_EDGE_SPACE],
    ['mobile of 9 or 10 digits', RULE_MOBILE_LENGTH, '917123456', '91712345', MESSAGE_MOBILE],
    [
      'House no. characters',
      RULE_HOUSE_NUMBER_CHARACTERS,
      'Blk 1/2. Lot-3 ñ',
      '12#',
      MESSAGE_SPECIAL_CHARACTERS,
    ],
    ['name characters', RULE_NAME_CHARACTERS, 'Ma. Niña', 'Ma..', MESSAGE_SPECIAL_CHARACTERS],
    [
      'address characters',
      RULE_ADDRESS_CHARACTERS,
      "#12 Rizal St. & Mabini (Phase 2), D'Rosa/3-B",
      'Rizal; St',
      MESSAGE_SPECIAL_CHARACTERS,
    ],
  ])('%s', (_name, [isValid, message], passing, failing, expectedMessage) => {
    expect(message).toBe(expectedMessage);
    expect(isValid(passing)).toBe(true);
    expect(isValid(failing)).toBe(false);
  });

  it.each(['', ' ', '\t', '   \n'])('treats %j as empty for "required"', (value) => {
    expect(RULE_REQUIRED[0](value)).toBe(false);
  });

  it.each([' a', 'a ', '\ta', 'a\n', '\u00a0a'])('rejects edge whitespace in %j', (value) => {
    expect(RULE_NO_EDGE_SPACE[0](value)).toBe(false);
  });

  it('counts characters, not UTF-16 units, for max length', () => {
    const [isValid, message] = maxLengthRule(3);
    expect(message).toBe('Please enter at most 3 characters.');
    expect(isValid('😀😀😀')).toBe(true);
    expect(isValid('abcd')).toBe(false);
  });

  it('accepts a custom max-length message', () => {
    expect(maxLengthRule(2, 'too long')[1]).toBe('too long');
  });

  it('only counts ASCII digits as digits', () => {
    expect(RULE_DIGITS_ONLY[0]('١٢٣')).toBe(false);
  });
});

describe('ordered rules: the first failure wins and is the only issue', () => {
  const rules: readonly FieldRule[] = [
    [(value) => value !== '', 'first'],
    [(value) => value.length > 2, 'second'],
    [(value) => value.startsWith('a'), 'third'],
  ];

  it.each([
    ['', 'first'],
    ['b', 'second'],
    ['bbb', 'third'],
    ['abc', undefined],
  ])('firstFailure(%j) is %s', (value, expected) => {
    expect(firstFailure(value, rules)).toBe(expected);
  });

  it('reports a missing value with the message an empty one gets', () => {
    expect(messageOf(textField(rules), undefined)).toBe('first');
    expect(messageOf(textField(rules), null)).toBe('first');
  });

  it('reports a value of the wrong type as such', () => {
    expect(messageOf(textField(rules), 42)).toMatch(/expected string/);
  });

  it('lets an optional field be absent or empty, and checks it otherwise', () => {
    const schema = optionalTextField(rules.slice(1));
    expect(messageOf(schema, undefined)).toBeNull();
    expect(messageOf(schema, '')).toBeNull();
    expect(messageOf(schema, 'b')).toBe('second');
    expect(messageOf(schema, 'abc')).toBeNull();
  });

  const fieldSchemas = {
    houseNumber,
    street,
    buildingName,
    floor,
    unitNumber,
    village,
    landmark,
    mobileNumber,
    pin,
    personName,
    email,
    alternateMobileNumber,
  };
  const awkwardText = fc.string({
    unit: fc.constantFrom(' ', 'a', 'Z', '1', '#', 'ñ', '-', '.', '/', '@', '&', '\t'),
    maxLength: 300,
  });

  it.each(Object.entries(fieldSchemas))('%s never reports more than one issue', (_name, schema) => {
    fc.assert(
      fc.property(awkwardText, (value) => {
        const result = schema.safeParse(value);
        return result.success || result.error.issues.length === 1;
      }),
    );
  });
});

const max255 = MESSAGE_MAX_LENGTH(255);

describe('houseNumber: required address field → edge space → House no. characters → max 255', () => {
  it.each([
    ['', MESSAGE_REQUIRED_ADDRESS],
    ['   ', MESSAGE_REQUIRED_ADDRESS],
    [undefined, MESSAGE_REQUIRED_ADDRESS],
    [null, MESSAGE_REQUIRED_ADDRESS],
    [' 12', MESSAGE_EDGE_SPACE],
    ['12 ', MESSAGE_EDGE_SPACE],
    [' 12#', MESSAGE_EDGE_SPACE],
    ['12#', MESSAGE_SPECIAL_CHARACTERS],
    ['12 & 14', MESSAGE_SPECIAL_CHARACTERS],
    ['12, 14', MESSAGE_SPECIAL_CHARACTERS],
    ['12\t14', MESSAGE_SPECIAL_CHARACTERS],
    [repeat('#', 300), MESSAGE_SPECIAL_CHARACTERS],
    [repeat('a', 256), max255],
    ['12', null],
    ['Blk 5 Lot 3', null],
    ['12/B', null],
    ['No. 5-A', null],
    ['Ñ-1 ñ', null],
    ['n\u0303', null],
    [repeat('a', 255), null],
    [repeat('ñ', 255), null],
  ])('%j → %s', (value, expected) => {
    expect(messageOf(houseNumber, value)).toBe(expected);
  });
});

describe.each([
  ['street', street],
  ['buildingName', buildingName],
  ['floor', floor],
  ['unitNumber', unitNumber],
])('%s: required address field → edge space → address characters → max 255', (_name, schema) => {
  it.each([
    ['', MESSAGE_REQUIRED_ADDRESS],
    [' ', MESSAGE_REQUIRED_ADDRESS],
    [undefined, MESSAGE_REQUIRED_ADDRESS],
    [' Rizal', MESSAGE_EDGE_SPACE],
    ['Rizal ', MESSAGE_EDGE_SPACE],
    [' Rizal.', MESSAGE_EDGE_SPACE],
    ['Rizal; DROP', MESSAGE_SPECIAL_CHARACTERS],
    ['<b>Rizal</b>', MESSAGE_SPECIAL_CHARACTERS],
    ['Rizal @ Mabini', MESSAGE_SPECIAL_CHARACTERS],
    ['Rizal\u0000', MESSAGE_SPECIAL_CHARACTERS],
    [repeat('a', 256), max255],
    ['Rizal St.', null],
    ['Rizal & Mabini', null],
    ['BF Homes (Phase 2)', null],
    ["St. Luke's", null],
    ['12/B', null],
    ['#12, Unit 3-B', null],
    ['Calle José Abad Santos', null],
    ['Rizal Street', null],
    ['Mabini-Ext', null],
    ['Dasmariñas 2', null],
    ['12', null],
    [repeat('a', 255), null],
  ])('%j → %s', (value, expected) => {
    expect(messageOf(schema, value)).toBe(expected);
  });
});

describe('village: optional; edge space → address characters → max 255', () => {
  it.each([
    [undefined, null],
    ['', null],
    [' ', MESSAGE_EDGE_SPACE],
    [' BF Homes', MESSAGE_EDGE_SPACE],
    ['BF Homes <script>', MESSAGE_SPECIAL_CHARACTERS],
    ['BF Homes (Phase 2)', null],
    ['Sto. Niño Village', null],
    [repeat('a', 256), max255],
    ['BF Homes', null],
    ['Las Piñas Phase-2', null],
  ])('%j → %s', (value, expected) => {
    expect(messageOf(village, value)).toBe(expected);
  });
});

describe('landmark: optional; edge space → address characters → max 255', () => {
  it.each([
    [undefined, null],
    ['', null],
    [' near church', MESSAGE_EDGE_SPACE],
    ['near church ', MESSAGE_EDGE_SPACE],
    [repeat('a', 256), max255],
    ['Near 7-Eleven, beside St. Jude & the plaza', null],
    ['near <img src=x>', MESSAGE_SPECIAL_CHARACTERS],
    [repeat('a', 255), null],
  ])('%j → %s', (value, expected) => {
    expect(messageOf(landmark, value)).toBe(expected);
  });
});

describe.each([
  ['province', province],
  ['city', city],
  ['barangay', barangay],
])('%s option: required', (_name, schema) => {
  it.each([
    [undefined],
    [null],
    [''],
    [{}],
    [{ address_name: '', address_code: '0401' }],
    [{ address_name: 'Cavite', address_code: '' }],
    [{ address_name: 'Cavite' }],
    [{ address_name: 'Cavite', address_code: 402 }],
  ])('%j → required address message', (value) => {
    expect(messageOf(schema, value)).toBe(MESSAGE_REQUIRED_ADDRESS);
  });

  it('accepts an {address_name, address_code} option', () => {
    const option = { address_name: 'Cavite', address_code: '0402100000' };
    expect(schema.parse(option)).toEqual(option);
  });
});

const cavite = { address_name: 'Cavite', address_code: '0402100000' };
const bacoor = { address_name: 'Bacoor', address_code: '0402103000' };
const molino = { address_name: 'Molino III', address_code: '0402103067' };

describe('ZAreaForm', () => {
  it('accepts a full area with an empty zip code', () => {
    const area = { province: cavite, city: bacoor, barangay: molino, zipCode: '' };
    expect(ZAreaForm.parse(area)).toEqual(area);
  });

  it('reports each missing level once, at its own path', () => {
    const result = ZAreaForm.safeParse({ province: cavite, zipCode: '' });
    expect(result.error?.issues.map((issue) => [issue.path, issue.message])).toEqual([
      [['city'], MESSAGE_REQUIRED_ADDRESS],
      [['barangay'], MESSAGE_REQUIRED_ADDRESS],
    ]);
  });
});

describe('ZHouseForm', () => {
  it('accepts a house with only the required fields', () => {
    expect(ZHouseForm.parse({ houseNo: '12', street: 'Rizal' })).toEqual({
      houseNo: '12',
      street: 'Rizal',
    });
  });

  it('reports one message per failing field', () => {
    const result = ZHouseForm.safeParse({ houseNo: '', street: 'Rizal;', village: ' x' });
    expect(result.error?.issues.map((issue) => [issue.path, issue.message])).toEqual([
      [['houseNo'], MESSAGE_REQUIRED_ADDRESS],
      [['street'], MESSAGE_SPECIAL_CHARACTERS],
      [['village'], MESSAGE_EDGE_SPACE],
    ]);
  });
});

describe('ZCondominiumForm', () => {
  it('accepts a complete unit', () => {
    const unit = {
      buildingName: 'Avida Towers',
      street: 'Molino Road',
      floor: '12',
      unitNo: '12-B',
      landmark: 'beside the mall',
    };
    expect(ZCondominiumForm.parse(unit)).toEqual(unit);
  });

  it('requires building name, street, floor and unit no.', () => {
    const result = ZCondominiumForm.safeParse({});
    expect(result.error?.issues.map((issue) => [issue.path, issue.message])).toEqual([
      [['buildingName'], MESSAGE_REQUIRED_ADDRESS],
      [['street'], MESSAGE_REQUIRED_ADDRESS],
      [['floor'], MESSAGE_REQUIRED_ADDRESS],
      [['unitNo'], MESSAGE_REQUIRED_ADDRESS],
    ]);
  });
});

describe('property type', () => {
  it.each(PROPERTY_TYPES)('accepts %s', (type) => {
    expect(ZPropertyType.parse(type)).toBe(type);
  });

  it('stores Building as Condominium, so "Building" itself is not a value', () => {
    expect(ZPropertyType.safeParse('Building').success).toBe(false);
  });
});

describe('pinnedPosition (product §4.2)', () => {
  it.each([
    [undefined],
    [null],
    [{}],
    [{ lat: 14.4 }],
    [{ lat: Number.NaN, lng: 121 }],
    [{ lat: 91, lng: 121 }],
    [{ lat: 14.4, lng: 181 }],
    [{ lat: '14.4', lng: '121' }],
  ])('%j → invalid place', (value) => {
    expect(messageOf(pinnedPosition, value)).toBe(MESSAGE_INVALID_PLACE);
  });

  it('accepts a coordinate pair', () => {
    expect(messageOf(pinnedPosition, { lat: 14.4445, lng: 120.9939 })).toBeNull();
  });
});

describe('escapeAmpersands (product §5)', () => {
  it.each([
    ['A & B', 'A &amp; B'],
    ['&&', '&amp;&amp;'],
    ['R&D', 'R&amp;D'],
    ['no ampersand', 'no ampersand'],
    ['', ''],
  ])('%j → %j', (value, expected) => {
    expect(escapeAmpersands(value)).toBe(expected);
  });
});

describe('housePartsForSending (product §5)', () => {
  it('sends an empty village as "none" and leaves an empty landmark out', () => {
    const parts = housePartsForSending({
      houseNo: '12',
      street: 'Rizal',
      village: '',
      landmark: '',
    });
    expect(parts).toStrictEqual({ house_number: '12', street: 'Rizal', village: 'none' });
  });

  it('treats absent village and landmark as empty', () => {
    expect(housePartsForSending({ houseNo: '12', street: 'Rizal' })).toStrictEqual({
      house_number: '12',
      street: 'Rizal',
      village: 'none',
    });
  });

  it('sends given values with ampersands escaped', () => {
    const parts = housePartsForSending({
      houseNo: '12',
      street: 'Rizal',
      village: 'BF Homes',
      landmark: 'Near A & B',
    });
    expect(parts).toStrictEqual({
      house_number: '12',
      street: 'Rizal',
      village: 'BF Homes',
      landmark: 'Near A &amp; B',
    });
  });
});

describe('condominiumPartsForSending (product §5)', () => {
  const unit = { buildingName: 'Avida Towers', street: 'Molino Road', floor: '12', unitNo: '12-B' };

  it.each([[undefined], [''], ['  ']])('defaults landmark %j to "none"', (value) => {
    expect(condominiumPartsForSending({ ...unit, landmark: value })).toStrictEqual({
      building_name: 'Avida Towers',
      floor: '12',
      unit_no: '12-B',
      street: 'Molino Road',
      landmark: 'none',
    });
  });

  it('escapes ampersands in every part', () => {
    expect(
      condominiumPartsForSending({
        buildingName: 'A&B Tower',
        street: 'C&D',
        floor: 'E&F',
        unitNo: 'G&H',
        landmark: 'I&J',
      }),
    ).toStrictEqual({
      building_name: 'A&amp;B Tower',
      floor: 'E&amp;F',
      unit_no: 'G&amp;H',
      street: 'C&amp;D',
      landmark: 'I&amp;J',
    });
  });
});

describe('mobileNumber: typed as people type it → required → digits only → exactly 9 or 10 digits', () => {
  it.each([
    ['', MESSAGE_REQUIRED],
    ['  ', MESSAGE_REQUIRED],
    [undefined, MESSAGE_REQUIRED],
    ['+63', MESSAGE_REQUIRED],
    ['0917 123 456a', MESSAGE_DIGITS_ONLY],
    ['abc', MESSAGE_DIGITS_ONLY],
    ['917+1234567', MESSAGE_DIGITS_ONLY],
    ['91712345', MESSAGE_MOBILE],
    ['0917 123 4', MESSAGE_MOBILE],
    ['0917 123 45678', MESSAGE_MOBILE],
    ['+63 917 123 45678', MESSAGE_MOBILE],
    ['9171234567', null],
    ['171234567', null],
  ])('%j → %s', (value, expected) => {
    expect(messageOf(mobileNumber, value)).toBe(expected);
  });

  it.each([
    '0917 123 4567',
    '09171234567',
    '+63 917 123 4567',
    '+639171234567',
    '639171234567',
    '917-123-4567',
    '0917-123-4567',
    '(0917) 123 4567',
    '0917.123.4567',
    ' 9171234567',
    '0917\u00a0123\u00a04567',
    '0917\u2013123\u20134567',
  ])('reads %j as 9171234567', (typed) => {
    expect(mobileNumber.parse(typed)).toBe('9171234567');
    expect(normaliseMobileNumber(typed)).toBe('9171234567');
  });
});

describe('pin: required → digits only → exactly 6', () => {
  it.each([
    ['', MESSAGE_REQUIRED],
    [undefined, MESSAGE_REQUIRED],
    ['12a456', MESSAGE_DIGITS_ONLY],
    ['12345a', MESSAGE_DIGITS_ONLY],
    ['12345', MESSAGE_PIN],
    ['1234567', MESSAGE_PIN],
    ['123456', null],
    ['000000', null],
  ])('%j → %s', (value, expected) => {
    expect(messageOf(pin, value)).toBe(expected);
  });
});

describe('personName: required → edge space → letters and spaces → max 100', () => {
  it.each([
    ['', MESSAGE_REQUIRED],
    [' ', MESSAGE_REQUIRED],
    [undefined, MESSAGE_REQUIRED],
    [' Juan', MESSAGE_EDGE_SPACE],
    ['Juan ', MESSAGE_EDGE_SPACE],
    [' Juan2', MESSAGE_EDGE_SPACE],
    ['Juan2', MESSAGE_SPECIAL_CHARACTERS],
    ['Juan & Maria', MESSAGE_SPECIAL_CHARACTERS],
    ['-Juan', MESSAGE_SPECIAL_CHARACTERS],
    ['Ma..Teresa', MESSAGE_SPECIAL_CHARACTERS],
    ['Cruz--Santos', MESSAGE_SPECIAL_CHARACTERS],
    ['<b>Juan</b>', MESSAGE_SPECIAL_CHARACTERS],
    ["O'Brien", null],
    ['Ana-Marie', null],
    ['Ma. Teresa', null],
    ['Ma.Teresa', null],
    ['Ma.', null],
    ['Dela Cruz-Santos', null],
    ['José', null],
    ['Zoë', null],
    ['Jose\u0301', null],
    [repeat('a', 101), 'Please enter at most 100 characters.'],
    ['Juan', null],
    ['Juan Dela Cruz', null],
    ['Niño', null],
    ['NIÑO', null],
    [repeat('a', 100), null],
  ])('%j → %s', (value, expected) => {
    expect(messageOf(personName, value)).toBe(expected);
  });
});

describe('email: required → edge space → standard pattern → max 255', () => {
  const at255 = `${repeat('a', 243)}@example.com`;
  it.each([
    ['', MESSAGE_REQUIRED],
    [undefined, MESSAGE_REQUIRED],
    [' juan@example.com', MESSAGE_EDGE_SPACE],
    ['juan@example.com ', MESSAGE_EDGE_SPACE],
    ['juan', MESSAGE_EMAIL],
    ['juan@', MESSAGE_EMAIL],
    ['juan@example', MESSAGE_EMAIL],
    ['juan@@example.com', MESSAGE_EMAIL],
    ['juan dela@example.com', MESSAGE_EMAIL],
    ['juan..cruz@example.com', MESSAGE_EMAIL],
    [`a${at255}`, max255],
    ['juan@example.com', null],
    ['juan.dela-cruz+fibre@mail.example.ph', null],
    [at255, null],
  ])('%j → %s', (value, expected) => {
    expect(messageOf(email, value)).toBe(expected);
  });
});

describe('alternateMobileNumber: required → digits only → max 10', () => {
  it.each([
    ['', MESSAGE_REQUIRED],
    [undefined, MESSAGE_REQUIRED],
    ['917 123 4567', MESSAGE_DIGITS_ONLY],
    ['09171234567', MESSAGE_MOBILE],
    ['171234567', null],
    ['9171234567', null],
  ])('%j → %s', (value, expected) => {
    expect(messageOf(alternateMobileNumber, value)).toBe(expected);
  });
});

describe('suffix (product §3)', () => {
  it('lists the options in order', () => {
    expect(SUFFIX_OPTIONS).toEqual([
      'None',
      'Jr.',
      'Sr.',
      'II',
      'III',
      'IV',
      'V',
      'VI',
      'VII',
      'VIII',
      'IX',
      'X',
    ]);
  });

  it.each(SUFFIX_OPTIONS)('accepts and sends %s', (option) => {
    expect(messageOf(suffix, option)).toBeNull();
    expect(suffixForSending(option)).toBe(option);
  });

  it.each([['Jr'], ['jr.'], ['XI'], [''], [undefined], [null]])(
    'rejects and does not send %j',
    (value) => {
      expect(messageOf(suffix, value)).toBe(MESSAGE_REQUIRED);
      expect(suffixForSending(value)).toBeUndefined();
    },
  );
});

describe('isAcceptedEmailStatus (product §5)', () => {
  it.each([
    ['valid', true],
    ['catch-all', true],
    ['unknown', false],
    ['spamtrap', false],
    ['abuse', false],
    ['do_not_mail', false],
    ['invalid', false],
    ['Valid', false],
    ['', false],
    [undefined, false],
    [null, false],
  ])('%j → %s', (status, expected) => {
    expect(isAcceptedEmailStatus(status)).toBe(expected);
  });

  it('keeps the accepted and rejected lists apart', () => {
    expect(ACCEPTED_EMAIL_STATUSES).toEqual(['valid', 'catch-all']);
    expect(REJECTED_EMAIL_STATUSES).toEqual(['unknown', 'spamtrap', 'abuse', 'do_not_mail']);
  });
});

describe('mobile number forms (product §5, §9)', () => {
  it.each([
    ['9171234567', '639171234567'],
    ['09171234567', '639171234567'],
    ['171234567', '639171234567'],
    ['8171234567', null],
    ['0917123456', null],
    ['639171234567', null],
    ['917123456a', null],
    ['', null],
  ])('toInternationalMsisdn(%j) → %j', (local, expected) => {
    expect(toInternationalMsisdn(local)).toBe(expected);
  });

  it.each([
    ['639171234567', '09171234567'],
    ['9171234567', '09171234567'],
    ['09171234567', '09171234567'],
    ['12345', '12345'],
  ])('toDisplayMobile(%j) → %j', (msisdn, expected) => {
    expect(toDisplayMobile(msisdn)).toBe(expected);
  });

  it.each([
    ['171234567', '639171234567'],
    ['', '639'],
  ])('toAlternatePhone(%j) → %j', (entered, expected) => {
    expect(toAlternatePhone(entered)).toBe(expected);
  });

  it('round-trips every 10-digit local number through the international form', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^9\d{9}$/), (local) => {
        const msisdn = toInternationalMsisdn(local);
        return msisdn !== null && toDisplayMobile(msisdn) === `0${local}`;
      }),
    );
  });
});
