import { ValidationErrors } from 'swissqrbill/errors';

import {
  MAX_AMOUNT,
  PAYMENT_PART_HEIGHT,
  pathOfLibraryError,
  QrBillInvalid,
  readQrBill,
  reservePaymentPart,
} from './qr-bill';

const creditor = {
  account: 'CH44 3199 9123 0008 8901 2',
  name: 'Stadt Musterwil',
  address: 'Rathausgasse',
  buildingNumber: 1,
  zip: '3000',
  city: 'Musterwil',
  country: 'CH',
};
const QRR = '21 00000 00003 13947 14300 09017';
const valid = { creditor, currency: 'CHF', amount: 1949.75, reference: QRR };

/** The errors of a refused bill, by path. */
function errorsOf(qrBill: unknown): Record<string, string[]> {
  try {
    readQrBill({ qrBill });
  } catch (error) {
    if (error instanceof QrBillInvalid) return error.errors;
    throw error;
  }
  throw new Error('expected the QR-bill to be refused');
}

describe('readQrBill: data.qrBill as the Swiss Payment Standards require', () => {
  it('reads a valid bill, cleaned as the library writes it', () => {
    expect(readQrBill({ qrBill: valid })).toEqual({
      creditor: { ...creditor, account: 'CH4431999123000889012', buildingNumber: '1' },
      currency: 'CHF',
      amount: 1949.75,
      reference: '210000000003139471430009017',
    });
  });

  it('none without qrBill, with qrBill null, or with data that is an array', () => {
    expect(readQrBill({ name: 'x' })).toBeUndefined();
    expect(readQrBill({ qrBill: null })).toBeUndefined();
    expect(readQrBill([{ qrBill: valid }])).toBeUndefined();
  });

  it.each([
    [
      'a wrong IBAN check digit',
      { creditor: { ...creditor, account: 'CH9400762011623852957' }, currency: 'CHF' },
      'data.qrBill.creditor.account',
      /check digits/,
    ],
    [
      'an IBAN of another country',
      { creditor: { ...creditor, account: 'DE89370400440532013000' }, currency: 'CHF' },
      'data.qrBill.creditor.account',
      /Swiss or Liechtenstein/,
    ],
    [
      'a QR reference with a plain IBAN',
      { creditor: { ...creditor, account: 'CH9300762011623852957' }, currency: 'CHF', reference: QRR },
      'data.qrBill.reference',
      /needs a QR-IBAN/,
    ],
    [
      'a creditor reference with a QR-IBAN',
      { ...valid, reference: 'RF18539007547034' },
      'data.qrBill.reference',
      /QR reference \(27 digits\) with a QR-IBAN/,
    ],
    [
      'a QR-IBAN without reference',
      { creditor, currency: 'CHF' },
      'data.qrBill.reference',
      /required with a QR-IBAN/,
    ],
    [
      'a wrong QR reference check digit',
      { ...valid, reference: '210000000003139471430009018' },
      'data.qrBill.reference',
      /modulo 10/,
    ],
    [
      'a wrong creditor reference check digit',
      {
        creditor: { ...creditor, account: 'CH9300762011623852957' },
        currency: 'CHF',
        reference: 'RF19539007547034',
      },
      'data.qrBill.reference',
      /ISO 11649/,
    ],
    [
      'a reference that is neither',
      {
        creditor: { ...creditor, account: 'CH9300762011623852957' },
        currency: 'CHF',
        reference: 'INV-2026-17',
      },
      'data.qrBill.reference',
      /creditor reference/,
    ],
    ['a currency besides CHF and EUR', { ...valid, currency: 'USD' }, 'data.qrBill.currency', /CHF or EUR/],
    ['no currency', { creditor, reference: QRR }, 'data.qrBill.currency', /required/],
    ['an amount of zero', { ...valid, amount: 0 }, 'data.qrBill.amount', /from 0.01/],
    ['an amount past the largest', { ...valid, amount: 1_000_000_000 }, 'data.qrBill.amount', /999999999.99/],
    [
      'an amount with fractions of a cent',
      { ...valid, amount: 10.005 },
      'data.qrBill.amount',
      /two decimals/,
    ],
    ['an amount as text', { ...valid, amount: '10.00' }, 'data.qrBill.amount', /must be a number/],
    [
      'a creditor without city',
      { ...valid, creditor: { ...creditor, city: undefined } },
      'data.qrBill.creditor.city',
      /required/,
    ],
    [
      'a creditor name too long',
      { ...valid, creditor: { ...creditor, name: 'n'.repeat(71) } },
      'data.qrBill.creditor.name',
      /at most 70/,
    ],
    [
      'a debtor without zip',
      { ...valid, debtor: { name: 'A', address: 'B', city: 'C', country: 'CH' } },
      'data.qrBill.debtor.zip',
      /required/,
    ],
    [
      'a debtor country of three letters',
      { ...valid, debtor: { name: 'A', address: 'B', zip: '1', city: 'C', country: 'CHE' } },
      'data.qrBill.debtor.country',
      /two-letter/,
    ],
    [
      'a character outside the permitted set',
      { ...valid, message: 'Rechnung 😀' },
      'data.qrBill.message',
      / holds '😀' \(U\+1F600\) at character 10, which the Swiss Payment Standards do not permit/,
    ],
    [
      'an invisible character outside the permitted set, in an address',
      { ...valid, creditor: { ...creditor, city: 'Bern\u200b' } },
      'data.qrBill.creditor.city',
      / holds U\+200B at character 5, which the Swiss Payment Standards do not permit/,
    ],
    [
      'a letter outside the permitted set',
      { ...valid, debtor: { name: 'Ωmega AG', address: 'B', zip: '1', city: 'C', country: 'CH' } },
      'data.qrBill.debtor.name',
      / holds 'Ω' \(U\+03A9\) at character 1,/,
    ],
    [
      'message and additional information over 140 together',
      { ...valid, message: 'm'.repeat(80), additionalInformation: 'a'.repeat(80) },
      'data.qrBill.additionalInformation',
      /together/,
    ],
    [
      'a field the address has not',
      { ...valid, creditor: { ...creditor, street: 'x' } },
      'data.qrBill.creditor.street',
      /^street: unknown property; known: account, name, address,/,
    ],
    [
      'a field the bill has not',
      { ...valid, iban: 'x' },
      'data.qrBill.iban',
      /^iban: unknown property; known: creditor, /,
    ],
  ])('%s: refused on its path', (_case, qrBill, path, message) => {
    const errors = errorsOf(qrBill);
    expect(Object.keys(errors)).toContain(path);
    expect(errors[path].join(' ')).toMatch(message);
  });

  it('answers any value in any field with a bill or its refusal, never another error', () => {
    const odd = [
      null,
      0,
      -1,
      1.5,
      Number.MAX_VALUE,
      '',
      ' ',
      'x'.repeat(300),
      '\u0000',
      [],
      {},
      true,
      ['CH'],
    ];
    const fields = [
      'creditor',
      'currency',
      'amount',
      'reference',
      'message',
      'additionalInformation',
      'debtor',
    ];
    const addressFields = ['account', 'name', 'address', 'buildingNumber', 'zip', 'city', 'country'];
    for (const value of odd) {
      const bills = [
        ...fields.map((field) => ({ ...valid, debtor: { ...creditor }, [field]: value })),
        ...addressFields.map((field) => ({ ...valid, creditor: { ...creditor, [field]: value } })),
        ...addressFields.map((field) => ({ ...valid, debtor: { ...creditor, [field]: value } })),
        value,
      ];
      for (const qrBill of bills) {
        try {
          readQrBill({ qrBill });
        } catch (error) {
          expect(error).toBeInstanceOf(QrBillInvalid);
        }
      }
    }
  });

  it('reports every rule broken at once', () => {
    expect(
      Object.keys(errorsOf({ creditor: { account: 'CH00' }, currency: 'JPY', amount: -1 })).sort(),
    ).toEqual([
      'data.qrBill.amount',
      'data.qrBill.creditor.account',
      'data.qrBill.creditor.address',
      'data.qrBill.creditor.city',
      'data.qrBill.creditor.country',
      'data.qrBill.creditor.name',
      'data.qrBill.creditor.zip',
      'data.qrBill.currency',
    ]);
  });

  it('accepts the bounds: open amount, 0.01, the largest amount, EUR, a creditor reference with an IBAN', () => {
    const iban = { ...creditor, account: 'CH9300762011623852957' };
    expect(readQrBill({ qrBill: { ...valid, amount: undefined } })?.amount).toBeUndefined();
    expect(readQrBill({ qrBill: { ...valid, amount: 0.01 } })?.amount).toBe(0.01);
    expect(readQrBill({ qrBill: { ...valid, amount: MAX_AMOUNT } })?.amount).toBe(MAX_AMOUNT);
    expect(
      readQrBill({ qrBill: { creditor: iban, currency: 'EUR', reference: 'rf18 5390 0754 7034' } }),
    ).toMatchObject({
      currency: 'EUR',
      reference: 'RF18539007547034',
    });
  });
});

describe("the library's validation errors, by path", () => {
  // Its alternative schemes (av1, av2) are not fields of data.qrBill: they stay on qrBill itself.
  const codes = Object.keys(ValidationErrors).filter((code) => !code.startsWith('ALTERNATIVE_SCHEME'));

  it.each(codes)('%s names a field', (code) => {
    const path = pathOfLibraryError(code);
    // Only "the creditor (debtor) is missing" names the address as a whole.
    if (/^(CREDITOR|DEBTOR)_(?!IS_UNDEFINED)/.test(code))
      expect(path).toMatch(/^data\.qrBill\.(creditor|debtor)\.\w+$/);
    expect(path).toMatch(
      /^data\.qrBill\.((creditor|debtor)\.(account|name|address|buildingNumber|zip|city|country)|creditor|debtor|reference|amount|currency|message|additionalInformation)$/,
    );
  });

  it.each([
    ['CREDITOR_ACCOUNT_IS_INVALID', 'data.qrBill.creditor.account'],
    ['ACCOUNT_LENGTH_IS_INVALID', 'data.qrBill.creditor.account'],
    ['CREDITOR_ACCOUNT_COUNTRY_IS_INVALID', 'data.qrBill.creditor.account'],
    ['CREDITOR_BUILDING_NUMBER_LENGTH_IS_INVALID', 'data.qrBill.creditor.buildingNumber'],
    ['DEBTOR_ZIP_IS_UNDEFINED', 'data.qrBill.debtor.zip'],
    ['DEBTOR_IS_UNDEFINED', 'data.qrBill.debtor'],
    ['ACCOUNT_IS_QR_IBAN_BUT_REFERENCE_IS_REGULAR', 'data.qrBill.reference'],
    ['QR_REFERENCE_IS_INVALID', 'data.qrBill.reference'],
    ['MESSAGE_AND_ADDITIONAL_INFORMATION_LENGTH_IS_INVALID', 'data.qrBill.message'],
    ['CURRENCY_STRING_IS_INVALID', 'data.qrBill.currency'],
  ])('%s: %s', (code, path) => expect(pathOfLibraryError(code)).toBe(path));
});

describe('reservePaymentPart', () => {
  const a4 = { width: 595.28, height: 841.89, bottomMargin: 40 };

  it('ends the content of an A4 document with a blank as tall as the part less the bottom margin', () => {
    const { definition, reserved } = reservePaymentPart({ content: 'Hello' }, a4);
    expect(reserved).toBe(true);
    const content = definition['content'] as unknown[];
    expect(content[0]).toBe('Hello');
    expect(content[1]).toEqual({
      canvas: [{ type: 'rect', x: 0, y: 0, w: 0, h: PAYMENT_PART_HEIGHT - 40, color: 'white' }],
    });
  });

  it('leaves the footer off the last page only', () => {
    const { definition } = reservePaymentPart({ content: 'x', footer: { text: 'Seite' } }, a4);
    const footer = definition['footer'] as (current: number, count: number) => unknown;
    expect(footer(1, 2)).toEqual({ text: 'Seite' });
    expect(footer(2, 2)).toBeNull();
  });

  it('reserves nothing on another page size (the part gets an A4 page of its own)', () => {
    const definition = { content: 'x' };
    expect(reservePaymentPart(definition, { width: 612, height: 792, bottomMargin: 40 })).toEqual({
      definition,
      reserved: false,
    });
  });
});
