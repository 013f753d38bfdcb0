import { ValidationError } from 'swissqrbill/errors';
import { SwissQRBill as PdfQrBill } from 'swissqrbill/pdf';
import type { Data, Debtor, FontName, Language, SVGOptions } from 'swissqrbill/types';
import {
  isIBANValid,
  isQRIBAN,
  isQRReference,
  isQRReferenceValid,
  isSCORReference,
  isSCORReferenceValid,
  mm2pt,
} from 'swissqrbill/utils';

import { isPlainObject } from '@portal/http-context';
import { echoInput } from '@portal/problem-details';

import { escapeHtmlCharacters } from '../common/html-characters';
import { RenderError } from '../common/render-error';
import type { Locale } from '../template/helpers';
import { registerFontAs } from '../vendor/font-sharing';
import { pageGeometryOf } from '../vendor/pdfmake-pages';

/**
 * The Swiss QR-bill (contract 9): `data.qrBill` is checked as the Swiss Payment Standards
 * (Implementation Guidelines for the QR-bill, v2.3) require, each rule answered on its path, and
 * the payment part with receipt is drawn by the swissqrbill library, the same on the PDF (pdfkit,
 * under pdfmake) and in HTML (SVG). The fields are the library's: name, address (street),
 * buildingNumber, zip, city, country.
 */

/** Where the request carries it, for the paths of the 400. */
const ROOT = 'data.qrBill';

export type QrBill = Data;

/** The largest amount the standard allows (12 characters with the point and two decimals). */
export const MAX_AMOUNT = 999_999_999.99;
export const MIN_AMOUNT = 0.01;

const ADDRESS_LIMITS = { name: 70, address: 70, buildingNumber: 16, zip: 16, city: 35 } as const;
const TEXT_LIMIT = 140;
const BILL_FIELDS = new Set([
  'creditor',
  'debtor',
  'amount',
  'currency',
  'reference',
  'message',
  'additionalInformation',
]);
const ADDRESS_FIELDS = new Set(['name', 'address', 'buildingNumber', 'zip', 'city', 'country']);

/**
 * The characters the standard admits (IG QR-bill 2.3, 4.1.1): Basic Latin, Latin-1 Supplement,
 * Latin Extended-A, Ș ș Ț ț and the euro sign. Anything else a bank may refuse.
 */
const PERMITTED = /^[\u0020-\u007e\u00a0-\u017f\u0218-\u021b\u20ac]*$/;
const PERMITTED_CHARACTER = /^[\u0020-\u007e\u00a0-\u017f\u0218-\u021b\u20ac]$/;

/** A character as a refusal names it: itself where it shows, and always its code point. */
function describeCharacter(character: string): string {
  const code = `U+${character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
  return /[\p{L}\p{N}\p{P}\p{S}]/u.test(character) ? `'${character}' (${code})` : code;
}

/**
 * The first character of `text` the standard does not permit and its position (1-based, in
 * characters as a reader counts them, an emoji being one), or undefined.
 */
function firstRefusedCharacter(text: string): { character: string; position: number } | undefined {
  let position = 0;
  for (const character of text) {
    position += 1;
    if (!PERMITTED_CHARACTER.test(character)) return { character, position };
  }
  return undefined;
}
const IBAN_FORMAT = /^(CH|LI)\d{2}[0-9A-Z]{17}$/;

type Errors = Record<string, string[]>;

/** The 400 of a QR-bill the standard refuses, naming each path (contract 5). */
export class QrBillInvalid extends RenderError {
  constructor(
    readonly errors: Errors,
    message = 'data.qrBill is not a valid Swiss QR-bill; see errors.',
  ) {
    super('QRBILL.INVALID', message);
    this.name = 'QrBillInvalid';
  }
}

/**
 * The QR-bill the data asks for (none when `qrBill` is absent or null), cleaned as the library
 * writes it (no spaces in the account and reference, upper case); a QrBillInvalid with every
 * rule it breaks otherwise.
 */
export function readQrBill(data: unknown): QrBill | undefined {
  if (!isPlainObject(data) || data['qrBill'] === undefined || data['qrBill'] === null) return undefined;
  const value = data['qrBill'];
  const errors: Errors = {};
  // Each message names its field, as class-validator's do (`account has wrong check digits ...`).
  const fail: Fail = (path, message, named = true) => {
    (errors[path] ??= []).push(named ? `${path.slice(path.lastIndexOf('.') + 1)} ${message}` : message);
  };
  if (!isPlainObject(value)) {
    fail(ROOT, 'must be an object with creditor, currency and optionally amount, debtor, reference, message');
    throw new QrBillInvalid(errors);
  }
  checkNames(value, ROOT, [...BILL_FIELDS], fail);

  const account = checkCreditor(value['creditor'], fail);
  const currency = checkCurrency(value['currency'], fail);
  const amount = checkAmount(value['amount'], fail);
  const debtor = value['debtor'] === undefined || value['debtor'] === null ? undefined : value['debtor'];
  if (debtor !== undefined) checkAddress(debtor, `${ROOT}.debtor`, fail);
  const reference = checkReference(value['reference'], account, fail);
  const message = optionalText(value['message'], `${ROOT}.message`, fail);
  const additionalInformation = optionalText(
    value['additionalInformation'],
    `${ROOT}.additionalInformation`,
    fail,
  );
  if (
    message !== undefined &&
    additionalInformation !== undefined &&
    message.length + additionalInformation.length > TEXT_LIMIT
  ) {
    const both = `message and additionalInformation together must be at most ${TEXT_LIMIT} characters`;
    fail(`${ROOT}.message`, both);
    fail(`${ROOT}.additionalInformation`, both);
  }
  if (Object.keys(errors).length > 0) throw new QrBillInvalid(errors);

  const bill: QrBill = {
    creditor: { ...cleanAddress(value['creditor'] as Record<string, unknown>), account: account as string },
    currency: currency as QrBill['currency'],
    ...(amount === undefined ? {} : { amount }),
    ...(debtor === undefined ? {} : { debtor: cleanAddress(debtor as Record<string, unknown>) }),
    ...(reference === undefined ? {} : { reference }),
    ...(message === undefined ? {} : { message }),
    ...(additionalInformation === undefined ? {} : { additionalInformation }),
  };
  checkWithLibrary(bill);
  return bill;
}

type Fail = (path: string, message: string, named?: boolean) => void;

/** Contract 4's strict input: a member the object does not know is a 400 on its path. */
function checkNames(
  value: Record<string, unknown>,
  path: string,
  known: readonly string[],
  fail: Fail,
): void {
  for (const key of Object.keys(value))
    if (!known.includes(key))
      fail(
        `${path}.${key.length > NAME_ECHO ? `${key.slice(0, NAME_ECHO)}…` : key}`,
        `${echoInput(key, NAME_ECHO)}: unknown property; known: ${known.join(', ')}`,
        false,
      );
}

/** The most of an unknown name a path and message repeat. */
const NAME_ECHO = 100;

/** The cleaned account, when it is a well-formed IBAN (its check digits may still be wrong). */
function checkCreditor(creditor: unknown, fail: Fail): string | undefined {
  const path = `${ROOT}.creditor`;
  if (!isPlainObject(creditor)) {
    fail(path, 'is required: an object with account, name, address, zip, city and country');
    return undefined;
  }
  checkAddress(creditor, path, fail, new Set(['account']));
  const raw = creditor['account'];
  if (typeof raw !== 'string' || raw.trim() === '') {
    fail(`${path}.account`, 'is required: the IBAN or QR-IBAN of the creditor (CH or LI, 21 characters)');
    return undefined;
  }
  const account = raw.replace(/ /g, '').toUpperCase();
  if (!IBAN_FORMAT.test(account)) {
    fail(
      `${path}.account`,
      'must be a Swiss or Liechtenstein IBAN: CH or LI, 2 check digits, 17 letters or digits',
    );
    return undefined;
  }
  if (!isIBANValid(account)) {
    fail(`${path}.account`, 'has wrong check digits: this is not a valid IBAN (ISO 13616, mod 97)');
    return undefined;
  }
  return account;
}

function checkAddress(value: unknown, path: string, fail: Fail, also: ReadonlySet<string> = new Set()): void {
  if (!isPlainObject(value)) {
    fail(path, 'must be an object with name, address, zip, city and country');
    return;
  }
  checkNames(value, path, [...also, ...ADDRESS_FIELDS], fail);
  for (const field of ['name', 'address', 'city'] as const) {
    const text = value[field];
    if (typeof text !== 'string' || text.trim() === '')
      fail(`${path}.${field}`, `is required: text of at most ${ADDRESS_LIMITS[field]} characters`);
    else checkText(text, ADDRESS_LIMITS[field], `${path}.${field}`, fail);
  }
  for (const field of ['zip', 'buildingNumber'] as const) {
    const item = value[field];
    if (item === undefined || item === null) {
      if (field === 'zip')
        fail(`${path}.zip`, `is required: text or a number of at most ${ADDRESS_LIMITS.zip} characters`);
    } else if (typeof item === 'number' && Number.isSafeInteger(item) && item >= 0)
      checkText(String(item), ADDRESS_LIMITS[field], `${path}.${field}`, fail);
    else if (typeof item === 'string' && item.trim() !== '')
      checkText(item, ADDRESS_LIMITS[field], `${path}.${field}`, fail);
    else
      fail(
        `${path}.${field}`,
        `must be text or a whole number of at most ${ADDRESS_LIMITS[field]} characters`,
      );
  }
  const country = value['country'];
  if (typeof country !== 'string' || !/^[A-Za-z]{2}$/.test(country))
    fail(`${path}.country`, 'is required: the two-letter country code (ISO 3166-1 alpha-2), such as CH');
}

function checkText(text: string, limit: number, path: string, fail: Fail): void {
  if (text.length > limit) fail(path, `must be at most ${limit} characters (it has ${text.length})`);
  const refused = PERMITTED.test(text) ? undefined : firstRefusedCharacter(text);
  if (refused)
    fail(
      path,
      `holds ${describeCharacter(refused.character)} at character ${refused.position}, which the Swiss ` +
        'Payment Standards do not permit (Latin letters, digits, punctuation, €)',
    );
}

function optionalText(value: unknown, path: string, fail: Fail): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') {
    fail(path, `must be text of at most ${TEXT_LIMIT} characters`);
    return undefined;
  }
  checkText(value, TEXT_LIMIT, path, fail);
  return value === '' ? undefined : value;
}

function checkCurrency(value: unknown, fail: Fail): string | undefined {
  if (value === 'CHF' || value === 'EUR') return value;
  fail(
    `${ROOT}.currency`,
    value === undefined || value === null ? 'is required: CHF or EUR' : 'must be CHF or EUR',
  );
  return undefined;
}

/** Open (none) or 0.01 to 999,999,999.99 with at most two decimals. */
function checkAmount(value: unknown, fail: Fail): number | undefined {
  if (value === undefined || value === null) return undefined;
  const path = `${ROOT}.amount`;
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    fail(path, `must be a number from ${MIN_AMOUNT} to ${MAX_AMOUNT}, or absent for an open amount`);
    return undefined;
  }
  if (value < MIN_AMOUNT || value > MAX_AMOUNT) {
    fail(path, `must be from ${MIN_AMOUNT} to ${MAX_AMOUNT}, or absent for an open amount`);
    return undefined;
  }
  if (Math.abs(value * 100 - Math.round(value * 100)) > 1e-6) {
    fail(path, 'must have at most two decimals (cents)');
    return undefined;
  }
  return value;
}

/**
 * A QR-IBAN (IID 30000-31999) takes a QR reference (QRR, 27 digits, mod 10 recursive) and nothing
 * else; an IBAN takes a creditor reference (SCOR, ISO 11649: RF, 2 check digits, up to 21 letters
 * or digits) or none.
 */
function checkReference(value: unknown, account: string | undefined, fail: Fail): string | undefined {
  const path = `${ROOT}.reference`;
  const qrIban = account !== undefined && isQRIBAN(account);
  if (value === undefined || value === null || value === '') {
    if (qrIban) fail(path, 'is required with a QR-IBAN: a QR reference (27 digits)');
    return undefined;
  }
  if (typeof value !== 'string') {
    fail(path, 'must be text: a QR reference (27 digits) or a creditor reference (RF...)');
    return undefined;
  }
  const reference = value.replace(/ /g, '').toUpperCase();
  if (isQRReference(reference)) {
    if (!isQRReferenceValid(reference))
      fail(path, 'has a wrong check digit: not a valid QR reference (modulo 10, recursive)');
    else if (account !== undefined && !qrIban)
      fail(
        path,
        'is a QR reference, which needs a QR-IBAN (IID 30000-31999) as creditor.account; an IBAN takes a creditor reference (RF...) or none',
      );
    return reference;
  }
  if (qrIban) {
    fail(path, 'must be a QR reference (27 digits) with a QR-IBAN as creditor.account');
    return undefined;
  }
  if (!isSCORReference(reference)) {
    fail(
      path,
      'must be a creditor reference (ISO 11649: RF, 2 check digits, up to 21 letters or digits) or a QR reference (27 digits)',
    );
    return undefined;
  }
  if (!isSCORReferenceValid(reference))
    fail(path, 'has wrong check digits: not a valid creditor reference (ISO 11649, mod 97)');
  return reference;
}

function cleanAddress(value: Record<string, unknown>): Debtor {
  const { name, address, buildingNumber, zip, city, country } = value as Record<
    string,
    string | number | undefined
  >;
  return {
    name: String(name).trim(),
    address: String(address).trim(),
    ...(buildingNumber === undefined || buildingNumber === null
      ? {}
      : { buildingNumber: String(buildingNumber).trim() }),
    zip: String(zip).trim(),
    city: String(city).trim(),
    country: String(country).toUpperCase(),
  };
}

/** The path a validation error code of the library concerns (`CREDITOR_CITY_IS_UNDEFINED`: creditor.city). */
export function pathOfLibraryError(code: string): string {
  const field = (prefix: string, rest: string): string => {
    // CREDITOR_ACCOUNT_COUNTRY_IS_INVALID concerns the account (its country code).
    const name = (rest.startsWith('ACCOUNT_') ? 'ACCOUNT' : rest.split(/_(?:IS|LENGTH|TYPE)_/)[0])
      .toLowerCase()
      .replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());
    return name === 'buildingNumber' || ADDRESS_FIELDS.has(name) || name === 'account'
      ? `${ROOT}.${prefix}.${name}`
      : `${ROOT}.${prefix}`;
  };
  if (code.startsWith('CREDITOR_')) return field('creditor', code.slice('CREDITOR_'.length));
  if (code.startsWith('DEBTOR_')) return field('debtor', code.slice('DEBTOR_'.length));
  if (code.startsWith('ACCOUNT_IS_QR_IBAN') || /REFERENCE/.test(code)) return `${ROOT}.reference`;
  if (code.startsWith('ACCOUNT_')) return `${ROOT}.creditor.account`;
  if (code.startsWith('AMOUNT_')) return `${ROOT}.amount`;
  if (code.startsWith('CURRENCY_')) return `${ROOT}.currency`;
  if (code.startsWith('MESSAGE_')) return `${ROOT}.message`;
  if (code.startsWith('ADDITIONAL_')) return `${ROOT}.additionalInformation`;
  return ROOT;
}

/**
 * The library is the reference of the standard: what it still refuses after the checks above (a
 * rule of a later version of it) is answered on the path its error concerns, never as a 500.
 */
function checkWithLibrary(bill: QrBill): void {
  try {
    // The constructor cleans and validates; it draws nothing until attached.
    new PdfQrBill(bill);
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const path = pathOfLibraryError(error.code);
    throw new QrBillInvalid({
      [path]: [`${path.slice(path.lastIndexOf('.') + 1)} is refused by the QR-bill standard (${error.code})`],
    });
  }
}

/** The bill's language follows the render's locale (the standard has DE, FR, IT, RM and EN). */
const LANGUAGES: Record<Locale, Language> = { 'de-CH': 'DE', 'fr-CH': 'FR', 'it-CH': 'IT', en: 'EN' };

/** The payment part with the receipt: the bottom 105 mm of an A4 page, 210 mm wide. */
export const PAYMENT_PART_HEIGHT = mm2pt(105);
const A4: readonly [number, number] = [595.28, 841.89];
const isA4Portrait = (width: number, height: number): boolean =>
  Math.abs(width - A4[0]) < 1 && Math.abs(height - A4[1]) < 1;

/**
 * The definition with the bottom of its last page kept free for the payment part, when its pages
 * are A4 portrait: a blank block as tall as the part less the bottom margin ends the content, so
 * pdfmake puts it on a new page when the last one is too full, and the footer, which would be
 * drawn in the part, is left off the last page. Other page sizes get a page of their own (A4).
 */
export function reservePaymentPart(
  definition: Record<string, unknown>,
  page: { readonly width: number; readonly height: number; readonly bottomMargin: number } | undefined,
): { readonly definition: Record<string, unknown>; readonly reserved: boolean } {
  if (!page || !isA4Portrait(page.width, page.height)) return { definition, reserved: false };
  const height = Math.max(0, PAYMENT_PART_HEIGHT - page.bottomMargin);
  // A zero-width white rectangle: pdfmake measures a canvas by its vectors, and this one draws nothing.
  const blank = { canvas: [{ type: 'rect', x: 0, y: 0, w: 0, h: height, color: 'white' }] };
  const content = definition['content'];
  const { footer } = definition;
  return {
    definition: {
      ...definition,
      content: [content, blank],
      ...(footer === undefined || footer === null
        ? {}
        : {
            footer: (current: number, count: number, size: unknown): unknown => {
              if (current === count) return null;
              // As pdfmake makes static content dynamic: a fresh copy for every page.
              return typeof footer === 'function'
                ? (footer as (...args: unknown[]) => unknown)(current, count, size)
                : JSON.parse(JSON.stringify(footer));
            },
          }),
    },
    reserved: true,
  };
}

/** The pdfkit document the part is drawn on: what pdfmake's getStream() resolves to, before end(). */
interface PaymentPartTarget {
  readonly page?: { readonly width: number; readonly height: number };
  readonly options: { readonly tagged?: boolean };
  fillColor(color: string): PaymentPartTarget;
  strokeColor(color: string): PaymentPartTarget;
  addPage(options: { size: string; margin: number }): unknown;
  struct(
    type: string,
    options?: { alt?: string; lang?: string },
  ): { add(child: unknown): unknown; end(): void };
  addStructure(element: unknown): unknown;
  markStructureContent(tag: string): unknown;
  endMarkedContent(): unknown;
}

/** The name the part's fonts are registered under in each document (the library adds `-Bold`). */
const PART_FONT = 'QrBillFont';

/**
 * The fonts the standard names (Arial, Frutiger, Helvetica, Liberation Sans), when FONTS_DIR
 * installs one, else the default font: embedded either way, as PDF/A requires (the library's own
 * default, Helvetica, is one of the 14 standard fonts a PDF does not embed).
 */
const STANDARD_FAMILIES = ['LiberationSans', 'Liberation Sans', 'Arial', 'Helvetica', 'Frutiger'];

function paymentPartFamily(families: readonly string[], defaultFont: string): string {
  return STANDARD_FAMILIES.find((family) => families.includes(family)) ?? defaultFont;
}

/**
 * Draws the payment part and receipt at the bottom of the last page (`reserved`: it is A4 and
 * its bottom was kept free) or of a new A4 page, with the perforation lines and scissors. In a
 * tagged PDF the part is one `Figure` whose alternative text reads the payment's data.
 */
function drawPaymentPart(
  document: PaymentPartTarget,
  bill: QrBill,
  {
    locale,
    family,
    reserved,
  }: { readonly locale: Locale; readonly family: string; readonly reserved: boolean },
): void {
  const page = document.page;
  if (!reserved || !page || !isA4Portrait(page.width, page.height))
    document.addPage({ size: 'A4', margin: 0 });
  // The worker's parsed fonts (vendor/font-sharing.ts shares them), under the names the library asks for.
  registerFontAs(document, PART_FONT, family, false);
  registerFontAs(document, `${PART_FONT}-Bold`, family, true);
  const part = new PdfQrBill(bill, { language: LANGUAGES[locale], fontName: PART_FONT as FontName });
  // The library draws its text in the colour it finds: pdfmake leaves the last one it used.
  document.fillColor('black').strokeColor('black');
  const y = (document.page?.height ?? A4[1]) - PAYMENT_PART_HEIGHT;
  if (!document.options.tagged) {
    part.attachTo(document, 0, y);
    return;
  }
  const figure = document.struct('Figure', { alt: paymentPartText(bill) });
  document.addStructure(figure);
  const content = document.markStructureContent('Figure');
  try {
    part.attachTo(document, 0, y);
  } finally {
    document.endMarkedContent();
  }
  figure.add(content);
  figure.end();
}

/** What the part says, for assistive technology. */
function paymentPartText(bill: QrBill): string {
  const address = (party: Debtor): string =>
    [
      party.name,
      [party.address, party.buildingNumber].filter(Boolean).join(' '),
      `${party.country}-${party.zip} ${party.city}`,
    ].join(', ');
  return [
    'Swiss QR-bill, payment part and receipt.',
    `Account ${bill.creditor.account}, payable to ${address(bill.creditor)}.`,
    bill.amount === undefined
      ? `Currency ${bill.currency}, amount open.`
      : `Amount ${bill.currency} ${bill.amount.toFixed(2)}.`,
    bill.reference === undefined ? '' : `Reference ${bill.reference}.`,
    bill.message === undefined ? '' : `Message: ${bill.message}.`,
    bill.debtor === undefined ? '' : `Payable by ${address(bill.debtor)}.`,
  ]
    .filter(Boolean)
    .join(' ');
}

/** swissqrbill's SVG side (some 6 MB a worker), loaded by the first html render with a QR-bill. */
let svgModule: { SwissQRBill: new (data: Data, options?: SVGOptions) => { toString(): string } } | undefined;

/** The same part as inline SVG, for HTML output, in the render's language. */
async function paymentPartSvg(bill: QrBill, locale: Locale): Promise<string> {
  svgModule ??= await import('swissqrbill/svg');
  const svg = new svgModule.SwissQRBill(bill, { language: LANGUAGES[locale] }).toString();
  return `<div class="swiss-qr-bill" role="img" aria-label="${escapeHtmlCharacters(paymentPartText(bill))}">${svg}</div>`;
}

/** html with the part put last in its body (before `</body>`, else `</html>`, else at the end). */
function withPaymentPart(html: string, part: string): string {
  const lower = html.toLowerCase();
  for (const tag of ['</body', '</html']) {
    const at = lower.lastIndexOf(tag);
    if (at >= 0) return `${html.slice(0, at)}${part}\n${html.slice(at)}`;
  }
  return `${html}\n${part}`;
}

/**
 * A PDF's payment part, in two steps around pdfmake's layout: the definition to lay out (the bottom
 * of its last page kept free when it can be), and what draws the part on the laid-out document
 * before it ends, in the standard's font when installed (else `defaultFont`) and the render's language.
 */
export function pdfWithPaymentPart(
  definition: Record<string, unknown>,
  bill: QrBill,
  options: { readonly locale: Locale; readonly families: readonly string[]; readonly defaultFont: string },
): { readonly definition: Record<string, unknown>; readonly draw: (document: object) => void } {
  const { definition: laidOut, reserved } = reservePaymentPart(definition, pageGeometryOf(definition));
  const family = paymentPartFamily(options.families, options.defaultFont);
  return {
    definition: laidOut,
    draw: (document) =>
      drawPaymentPart(document as PaymentPartTarget, bill, { locale: options.locale, family, reserved }),
  };
}

/** An html document with the payment part last in its body, as inline SVG in the render's language. */
export async function htmlWithPaymentPart(html: string, bill: QrBill, locale: Locale): Promise<string> {
  return withPaymentPart(html, await paymentPartSvg(bill, locale));
}
