import jsQR from 'jsqr';
import { PNG } from 'pngjs';

import { pdfPagesAsPng } from '@portal/testing';

import { closePdfExtractor, extractPdf, type StructNode } from './pdf-text';
import { json, render, type RenderService, startRenderService } from './render-test-app';

/** The payment part: the bottom 105 mm of the page, in points. */
const PART_HEIGHT = 105 * 2.83465;

const creditor = {
  account: 'CH44 3199 9123 0008 8901 2',
  name: 'Stadt Musterwil, Steueramt',
  address: 'Rathausgasse',
  buildingNumber: '1',
  zip: '3000',
  city: 'Musterwil',
  country: 'CH',
};
const debtor = {
  name: 'Zoë Müller-Brändli',
  address: 'Chemin des Épinettes',
  buildingNumber: '12a',
  zip: '1007',
  city: 'Lausanne',
  country: 'CH',
};
const QRR = '210000000003139471430009017';
const QR_BILL = {
  creditor,
  debtor,
  amount: 12345.5,
  currency: 'CHF',
  reference: QRR,
  message: 'Steuerrechnung 2026, 1. Rate',
  additionalInformation: '//S1/10/10201409/11/260127',
};

const INVOICE = JSON.stringify({
  content: [
    { text: 'Rechnung {{invoiceNumber}}', fontSize: 18, color: '#1f4e79' },
    'Betrag: {{qrBill.amount}} {{qrBill.currency}}',
  ],
});

/**
 * The QR code of a page of the PDF, as a phone would read it: the page rasterised at 150 dpi by
 * poppler's pdftoppm, the code found and decoded by jsQR.
 */
async function qrPayloadOf(bytes: Uint8Array, page: number): Promise<string> {
  const [file] = await pdfPagesAsPng(bytes, { dpi: 150, page });
  const png = PNG.sync.read(file);
  const code = jsQR(
    new Uint8ClampedArray(png.data.buffer, png.data.byteOffset, png.data.byteLength),
    png.width,
    png.height,
  );
  if (!code) throw new Error(`no QR code found on page ${page}`);
  return code.data;
}

/** The Swiss QR Code's fields by their names in the Implementation Guidelines (4.3.3). */
function fieldsOf(payload: string): Record<string, string> {
  const lines = payload.split(/\r?\n/);
  const names = [
    'QRType', 'Version', 'Coding', 'IBAN',
    'CdtrAdrTp', 'CdtrName', 'CdtrStrtNmOrAdrLine1', 'CdtrBldgNbOrAdrLine2', 'CdtrPstCd', 'CdtrTwnNm', 'CdtrCtry',
    'UCdtrAdrTp', 'UCdtrName', 'UCdtrStrtNm', 'UCdtrBldgNb', 'UCdtrPstCd', 'UCdtrTwnNm', 'UCdtrCtry',
    'Amt', 'Ccy',
    'DbtrAdrTp', 'DbtrName', 'DbtrStrtNmOrAdrLine1', 'DbtrBldgNbOrAdrLine2', 'DbtrPstCd', 'DbtrTwnNm', 'DbtrCtry',
    'RefTp', 'Ref', 'Ustrd', 'Trailer', 'StrdBkgInf',
  ]; // prettier-ignore
  return Object.fromEntries(names.map((name, index) => [name, lines[index] ?? '']));
}

describe('Swiss QR-bill (contract 9): data.qrBill, the payment part of a pdf or html document', () => {
  let service: RenderService;

  beforeAll(async () => {
    service = await startRenderService('render_qr_bill');
  });

  afterAll(async () => {
    await closePdfExtractor();
    await service?.close();
  });

  it('a pdf ends with the payment part at the bottom of its A4 page, and its QR code decodes to the data sent', async () => {
    const response = await render(service.renderer, {
      inputFormat: 'json',
      outputFormat: 'pdf',
      templateData: INVOICE,
      data: json({ invoiceNumber: 'R-2026-0042', qrBill: QR_BILL }),
    });
    expect(response.status).toBe(200);
    const pdf = await extractPdf(response.bytes);
    // A one-page invoice leaves room for the part: it is on the same page.
    expect(pdf.sizes).toEqual([[595, 842]]);
    expect(pdf.pages[0]).toContain('Rechnung R-2026-0042');
    expect(pdf.pages[0]).toContain('Empfangsschein');
    expect(pdf.pages[0]).toContain('Zahlteil');
    // The receipt's title is 5 mm below the top of the part, on the page's bottom 105 mm.
    const receipt = pdf.items[0].find((item) => item.str.includes('Empfangsschein'));
    expect(receipt?.y).toBeLessThan(PART_HEIGHT);
    expect(receipt?.y).toBeGreaterThan(PART_HEIGHT - 30);
    // In black, whatever colour the document drew in last.
    const partRuns = pdf.runs[0].filter((run) => /Empfangsschein|Zahlteil|Rathausgasse/.test(run.text));
    expect(partRuns.length).toBeGreaterThanOrEqual(3);
    expect(new Set(partRuns.map((run) => run.color))).toEqual(new Set(['#000000']));
    // The fonts of the part are embedded, as every font of the document.
    expect(pdf.fonts.every((font) => font.embedded)).toBe(true);

    const fields = fieldsOf(await qrPayloadOf(response.bytes, 1));
    expect(fields).toEqual({
      QRType: 'SPC',
      Version: '0200',
      Coding: '1',
      IBAN: 'CH4431999123000889012',
      CdtrAdrTp: 'S',
      CdtrName: creditor.name,
      CdtrStrtNmOrAdrLine1: creditor.address,
      CdtrBldgNbOrAdrLine2: creditor.buildingNumber,
      CdtrPstCd: creditor.zip,
      CdtrTwnNm: creditor.city,
      CdtrCtry: creditor.country,
      UCdtrAdrTp: '',
      UCdtrName: '',
      UCdtrStrtNm: '',
      UCdtrBldgNb: '',
      UCdtrPstCd: '',
      UCdtrTwnNm: '',
      UCdtrCtry: '',
      Amt: '12345.50',
      Ccy: 'CHF',
      DbtrAdrTp: 'S',
      DbtrName: debtor.name,
      DbtrStrtNmOrAdrLine1: debtor.address,
      DbtrBldgNbOrAdrLine2: debtor.buildingNumber,
      DbtrPstCd: debtor.zip,
      DbtrTwnNm: debtor.city,
      DbtrCtry: debtor.country,
      RefTp: 'QRR',
      Ref: QRR,
      Ustrd: QR_BILL.message,
      Trailer: 'EPD',
      StrdBkgInf: QR_BILL.additionalInformation,
    });
  });

  it('an IBAN with a creditor reference in EUR, amount open, no debtor, in French; a full page puts the part on a new one', async () => {
    const qrBill = {
      creditor: { ...creditor, account: 'CH93 0076 2011 6238 5295 7' },
      currency: 'EUR',
      reference: 'RF18 5390 0754 7034',
    };
    const response = await render(service.renderer, {
      inputFormat: 'json',
      outputFormat: 'pdf',
      // Text down to the bottom margin: no room left for the part on the first page.
      templateData: JSON.stringify({
        content: [{ text: 'Zeile\n'.repeat(50) }],
        footer: { text: 'Pied de page' },
      }),
      data: json({ qrBill }),
      rendererOptions: json({ locale: 'fr-CH' }),
    });
    expect(response.status).toBe(200);
    const pdf = await extractPdf(response.bytes);
    expect(pdf.sizes).toHaveLength(2);
    expect(pdf.pages[1]).toContain('Récépissé');
    expect(pdf.pages[1]).toContain('Section paiement');
    // The footer stays on the pages before, and off the part.
    expect(pdf.pages[0]).toContain('Pied de page');
    expect(pdf.pages[1]).not.toContain('Pied de page');
    const fields = fieldsOf(await qrPayloadOf(response.bytes, 2));
    expect(fields).toMatchObject({
      IBAN: 'CH9300762011623852957',
      Amt: '',
      Ccy: 'EUR',
      DbtrAdrTp: '',
      DbtrName: '',
      RefTp: 'SCOR',
      Ref: 'RF18539007547034',
      Ustrd: '',
      Trailer: 'EPD',
    });
  });

  it('a tagged PDF/A-2b keeps its conformance: the part is a Figure with the payment as its text, fonts embedded', async () => {
    const response = await render(service.renderer, {
      inputFormat: 'md',
      outputFormat: 'pdf',
      templateData: '# Rechnung\n\nBitte bezahlen Sie mit dem Einzahlungsschein.',
      data: { qrBill: QR_BILL },
      rendererOptions: { pdfa: 'PDF/A-2b', tagged: true },
    });
    expect(response.status).toBe(200);
    const pdf = await extractPdf(response.bytes);
    expect(pdf.xmp?.['pdfaid:part']).toBe('2');
    expect(pdf.fonts.every((font) => font.embedded)).toBe(true);
    const find = (node: StructNode | null | undefined, role: string): StructNode | undefined =>
      !node
        ? undefined
        : node.role === role
          ? node
          : (node.children ?? []).map((child) => find(child, role)).find(Boolean);
    const figure = find(pdf.structTrees[0], 'Figure');
    expect(figure?.alt).toContain('Swiss QR-bill');
    expect(figure?.alt).toContain('CH4431999123000889012');
    expect(figure?.alt).toContain('CHF 12345.50');
    expect(find(pdf.structTrees[0], 'H1')).toBeDefined();
    expect(fieldsOf(await qrPayloadOf(response.bytes, 1)).Ref).toBe(QRR);
  });

  it('PDF/A-1b (no transparency) and a page size other than A4: the part on an A4 page of its own', async () => {
    const response = await render(service.renderer, {
      inputFormat: 'txt',
      outputFormat: 'pdf',
      templateData: 'Invoice 42',
      data: { qrBill: QR_BILL },
      rendererOptions: { pdfa: 'PDF/A-1b', pageSize: 'A5', locale: 'en' },
    });
    expect(response.status).toBe(200);
    const pdf = await extractPdf(response.bytes);
    expect(pdf.xmp?.['pdfaid:part']).toBe('1');
    expect(pdf.sizes).toEqual([
      [420, 595],
      [595, 842],
    ]);
    expect(pdf.pages[0]).toContain('Invoice 42');
    expect(pdf.pages[1]).toContain('Payment part');
    expect(pdf.fonts.every((font) => font.embedded)).toBe(true);
    expect(fieldsOf(await qrPayloadOf(response.bytes, 2)).Amt).toBe('12345.50');
  });

  it('html gets the same part as inline SVG at the end of its body', async () => {
    const response = await render(service.renderer, {
      inputFormat: 'html',
      outputFormat: 'html',
      templateData: '<html><body><h1>Rechnung</h1></body></html>',
      data: { qrBill: QR_BILL },
      rendererOptions: { locale: 'it-CH' },
    });
    expect(response.status).toBe(200);
    const html = Buffer.from(response.bytes).toString('utf8');
    expect(html).toMatch(
      /<h1>Rechnung<\/h1><div class="swiss-qr-bill"[^>]*><svg [^>]*width="210mm" height="105mm"/,
    );
    expect(html).toContain('Sezione pagamento');
    expect(html.trimEnd()).toMatch(/<\/svg><\/div>\n<\/body><\/html>$/);
  });

  it('a text document cannot hold it: 422 naming pdf and html', async () => {
    const response = await render(service.renderer, {
      inputFormat: 'txt',
      outputFormat: 'txt',
      templateData: 'Rechnung',
      data: { qrBill: QR_BILL },
    });
    expect(response.status).toBe(422);
    expect(response.body.detail).toMatch(
      /data.qrBill .* a text document cannot hold .* render it as pdf, or html/,
    );
  });

  describe('400 on the exact path, nothing rendered', () => {
    const iban = { ...creditor, account: 'CH9300762011623852957' };
    it.each([
      [
        'a wrong IBAN check digit',
        { ...QR_BILL, creditor: { ...creditor, account: 'CH4431999123000889013' } },
        'data.qrBill.creditor.account',
      ],
      ['a QR reference with a plain IBAN', { ...QR_BILL, creditor: iban }, 'data.qrBill.reference'],
      [
        'a creditor reference with a QR-IBAN',
        { ...QR_BILL, reference: 'RF18539007547034' },
        'data.qrBill.reference',
      ],
      [
        'a wrong QR reference check digit',
        { ...QR_BILL, reference: '210000000003139471430009018' },
        'data.qrBill.reference',
      ],
      [
        'a wrong creditor reference check digit',
        { ...QR_BILL, creditor: iban, reference: 'RF19539007547034' },
        'data.qrBill.reference',
      ],
      ['a currency besides CHF and EUR', { ...QR_BILL, currency: 'USD' }, 'data.qrBill.currency'],
      ['an amount below 0.01', { ...QR_BILL, amount: 0.001 }, 'data.qrBill.amount'],
      ['an amount above 999999999.99', { ...QR_BILL, amount: 1e9 }, 'data.qrBill.amount'],
      [
        'a creditor without address',
        { ...QR_BILL, creditor: { ...creditor, address: '' } },
        'data.qrBill.creditor.address',
      ],
      [
        'a debtor without city',
        { ...QR_BILL, debtor: { ...debtor, city: undefined } },
        'data.qrBill.debtor.city',
      ],
      [
        'a debtor zip too long',
        { ...QR_BILL, debtor: { ...debtor, zip: '1'.repeat(17) } },
        'data.qrBill.debtor.zip',
      ],
    ])('%s', async (_case, qrBill, errorPath) => {
      // A template that would fail (422) if it ran: the 400 comes first.
      const response = await render(service.renderer, {
        inputFormat: 'json',
        outputFormat: 'pdf',
        templateData: '{{#each}}',
        data: json({ qrBill }),
      });
      expect(response.status).toBe(400);
      expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(Object.keys(response.body.errors)).toEqual([errorPath]);
      expect(response.body.detail).toBe('data.qrBill is not a valid Swiss QR-bill; see errors.');
    });
  });
});
