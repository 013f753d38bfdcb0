import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

/**
 * `data.qrBill`, the Swiss QR-bill (contract 9), for the OpenAPI document: the fields of the
 * swissqrbill library, with the Swiss Payment Standards' limits. The data is read in a render
 * worker, which checks them (engine/qr-bill/qr-bill.ts) and answers a 400 naming `data.qrBill.<path>`.
 */
const TEXT = 'Latin characters only (Basic Latin, Latin-1, Latin Extended-A, Ș ș Ț ț, €)';

export class QrBillAddressDto {
  @ApiProperty({ description: `The name. ${TEXT}.`, maxLength: 70, example: 'Gemeinde Müllheim' })
  readonly name: string;

  @ApiProperty({ description: 'The street.', maxLength: 70, example: 'Hauptstrasse' })
  readonly address: string;

  @ApiPropertyOptional({
    description: 'The building number.',
    oneOf: [
      { type: 'string', maxLength: 16 },
      { type: 'integer', minimum: 0 },
    ],
    example: '1',
  })
  readonly buildingNumber?: string | number;

  @ApiProperty({
    description: 'The postal code.',
    oneOf: [
      { type: 'string', maxLength: 16 },
      { type: 'integer', minimum: 0 },
    ],
    example: '8555',
  })
  readonly zip: string | number;

  @ApiProperty({ description: 'The town.', maxLength: 35, example: 'Müllheim' })
  readonly city: string;

  @ApiProperty({
    description: 'The country, ISO 3166-1 alpha-2.',
    pattern: '^[A-Za-z]{2}$',
    example: 'CH',
  })
  readonly country: string;
}

export class QrBillCreditorDto extends QrBillAddressDto {
  @ApiProperty({
    description:
      'The IBAN or QR-IBAN (CH or LI, 21 characters, spaces allowed) with valid check digits. A QR-IBAN ' +
      '(institution id 30000-31999) requires a QR reference, and a QR reference requires a QR-IBAN.',
    example: 'CH44 3199 9123 0008 8901 2',
  })
  readonly account: string;
}

export class QrBillDto {
  @ApiProperty({ description: 'The creditor: account and structured address.', type: QrBillCreditorDto })
  readonly creditor: QrBillCreditorDto;

  @ApiProperty({ enum: ['CHF', 'EUR'], example: 'CHF' })
  readonly currency: 'CHF' | 'EUR';

  @ApiPropertyOptional({
    description: 'The amount, at most two decimals; absent: an open amount (the payer writes it).',
    minimum: 0.01,
    maximum: 999999999.99,
    example: 631,
  })
  readonly amount?: number;

  @ApiPropertyOptional({
    description: 'The debtor, with a structured address; absent: a blank field for the payer to fill in.',
    type: QrBillAddressDto,
  })
  readonly debtor?: QrBillAddressDto;

  @ApiPropertyOptional({
    description:
      'A QR reference (QRR: 27 digits, the last a modulo 10 recursive check digit; only with a QR-IBAN) or a ' +
      'creditor reference (SCOR, ISO 11649: RF, 2 check digits, up to 21 letters or digits; only with an IBAN); ' +
      'spaces allowed. Absent: none (only with an IBAN).',
    example: '00 00000 00000 00002 02601 17006',
  })
  readonly reference?: string;

  @ApiPropertyOptional({
    description: 'The unstructured message; with additionalInformation at most 140 characters.',
    maxLength: 140,
    example: 'Rechnung 2026-0117',
  })
  readonly message?: string;

  @ApiPropertyOptional({
    description: 'Bill information (structured, e.g. Swico S1); with message at most 140 characters.',
    maxLength: 140,
  })
  readonly additionalInformation?: string;
}
