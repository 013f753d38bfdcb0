// The documents the render benchmarks render (bench:render, bench:render-jobs): an invoice, a
// 20-page report and the invoice with its Swiss QR-bill, each with its template and its variants of
// data: Swiss names and addresses (faker de_CH and fr_CH), fees, amounts, QR references.
const { fakerDE_CH, fakerFR_CH } = require('@faker-js/faker');
const { calculateQRReferenceChecksum } = require('swissqrbill/utils');

// Built by the benchmarks' npm scripts before they run.
const { readQrBill } = require('../../dist/apps/render-service/src/engine/qr-bill/qr-bill');

const INVOICE_TEMPLATE = `{
  "info": { "title": "Rechnung {{number}}" },
  "content": [
    { "text": "{{issuer}}", "fontSize": 16, "bold": true },
    { "text": "{{customer.name}}\\n{{customer.street}}\\n{{customer.city}}", "margin": [300, 20, 0, 20] },
    { "text": "Rechnung {{number}} vom {{formatDate date 'long'}}", "fontSize": 14, "bold": true, "margin": [0, 0, 0, 10] },
    { "table": { "headerRows": 1, "widths": ["*", 40, 70, 80], "body": [
      [{ "text": "Leistung", "bold": true }, { "text": "Menge", "bold": true }, { "text": "Preis", "bold": true }, { "text": "Betrag", "bold": true }]
      {{#each lines}}, ["{{description}}", "{{quantity}}", "{{chf price symbol=false}}", { "text": "{{chf (multiply quantity price)}}", "alignment": "right" }]{{/each}}
    ] } },
    { "text": "Total {{chf (sum lines 'quantity' 'price')}}", "bold": true, "alignment": "right", "margin": [0, 10, 0, 0] },
    { "text": "Zahlbar innert 30 Tagen. Vielen Dank für Ihren Auftrag.", "margin": [0, 20, 0, 0] }
  ]
}`;

// The data varies from render to render, as a tenant's traffic does: the same template filled for
// different people (Swiss names and addresses in German and French), items from a fee
// list, their own amounts. Rendering one document over and over would flatter what render-service
// keeps between documents (the words a font has laid out); both the service and raw pdfmake below
// go through the same variants in the same order.
const INVOICE_VARIANTS = 1000;
const REPORT_VARIANTS = 8;
const FEES = [
  'Kehrichtgrundgebühr',
  'Wasserzins',
  'Abwassergebühr',
  'Hundetaxe',
  'Parkkarte Anwohner',
  'Baubewilligung',
  'Grabunterhalt',
  'Schulgeld Musikschule',
  'Beglaubigung',
  'Wohnsitzbestätigung',
  'Mietzins Werkhof',
  'Strassenreinigung',
];
const fakers = [fakerDE_CH, fakerFR_CH];
fakers.forEach((faker, index) => faker.seed(2026 + index));
const fakerFor = (variant) => fakers[variant % fakers.length];
const dayOf2026 = (faker) =>
  faker.date.between({ from: '2026-01-01', to: '2026-12-31' }).toISOString().slice(0, 10);
const amount = (faker, min, max) => faker.number.float({ min, max, fractionDigits: 2 });

/** An invoice of `lines` fees (15 by default: the render benchmark's). */
const invoiceData = (variant, lines = 15) => {
  const faker = fakerFor(variant);
  return {
    number: `2026-${String(variant + 1).padStart(4, '0')}`,
    date: dayOf2026(faker),
    issuer: `Gemeinde ${fakerDE_CH.location.city()}`,
    customer: {
      name: faker.person.fullName(),
      street: faker.location.streetAddress(),
      city: `${faker.location.zipCode()} ${faker.location.city()}`,
    },
    lines: Array.from({ length: lines }, (_, index) => ({
      description: `${faker.helpers.arrayElement(FEES)} ${(index % 4) + 1}. Quartal`,
      quantity: faker.number.int({ min: 1, max: 4 }),
      price: amount(faker, 5, 400),
    })),
  };
};

const REPORT_TEMPLATE = `{
  "info": { "title": "{{title}}" },
  "pageMargins": [40, 60, 40, 60],
  "defaultStyle": { "fontSize": 11, "lineHeight": 1.35 },
  "content": [
    { "text": "{{title}}", "fontSize": 18, "bold": true, "margin": [0, 0, 0, 10] },
    { "table": { "headerRows": 1, "widths": [40, "*", 90, 70], "body": [
      [{ "text": "Nr", "bold": true }, { "text": "Gemeinde / Bemerkung", "bold": true }, { "text": "Datum", "bold": true }, { "text": "Betrag", "bold": true }]
      {{#each rows}}, ["{{n}}", "{{name}}", "{{formatDate date 'medium'}}", { "text": "{{chf amount}}", "alignment": "right" }]{{/each}}
    ] } }
  ]
}`;

const reportData = (variant) => {
  const faker = fakerFor(variant);
  return {
    title: `Quartalsbericht Gebühren ${(variant % 4) + 1}/2026`,
    rows: Array.from({ length: 600 }, (_, index) => ({
      n: index + 1,
      name: `${faker.location.city()} – ${faker.helpers.arrayElement(FEES)}`,
      date: dayOf2026(faker),
      amount: amount(faker, 100, 1000),
    })),
  };
};

// The invoice with its QR-bill: a QR-IBAN, a QR reference of its own (with its check digit) and
// the invoice's total for every variant, the customer as debtor with a structured address.
const QR_BILL_VARIANTS = 1000;
const qrBillInvoiceData = (variant, lines = 15) => {
  const faker = fakerFor(variant + 1);
  const invoice = invoiceData(variant, lines);
  const total =
    invoice.lines.reduce((sum, line) => sum + Math.round(line.quantity * line.price * 100), 0) / 100;
  const reference = `2026${String(variant + 1).padStart(22, '0')}`;
  const qrBill = {
    creditor: {
      account: 'CH44 3199 9123 0008 8901 2',
      name: invoice.issuer,
      address: 'Gemeindehausplatz',
      buildingNumber: '1',
      zip: '8000',
      city: 'Zürich',
      country: 'CH',
    },
    debtor: {
      name: invoice.customer.name,
      address: faker.location.street(),
      buildingNumber: faker.location.buildingNumber(),
      zip: faker.location.zipCode(),
      city: faker.location.city(),
      country: 'CH',
    },
    amount: total,
    currency: 'CHF',
    reference: `${reference}${calculateQRReferenceChecksum(reference)}`,
    message: `Rechnung ${invoice.number}`,
  };
  // Every variant must be a valid QR-bill: a refused one would be measured as a fast 400.
  readQrBill({ qrBill });
  return { ...invoice, qrBill };
};

const DOCUMENTS = [
  {
    key: 'invoice',
    label: 'invoice (json→pdf, 15 rows)',
    template: INVOICE_TEMPLATE,
    variants: Array.from({ length: INVOICE_VARIANTS }, (_, variant) => invoiceData(variant)),
  },
  {
    key: 'report',
    label: 'report (json→pdf, 600 rows)',
    template: REPORT_TEMPLATE,
    variants: Array.from({ length: REPORT_VARIANTS }, (_, variant) => reportData(variant)),
  },
  {
    key: 'qrbill',
    label: 'invoice with QR-bill (json→pdf, 15 rows + payment part)',
    template: INVOICE_TEMPLATE,
    variants: Array.from({ length: QR_BILL_VARIANTS }, (_, variant) => qrBillInvoiceData(variant)),
  },
];

module.exports = { DOCUMENTS, INVOICE_TEMPLATE, REPORT_TEMPLATE, invoiceData, qrBillInvoiceData, reportData };
