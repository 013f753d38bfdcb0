import { calculateQRReferenceChecksum } from 'swissqrbill/utils';

import type { BodyExample } from '@portal/http-context';

import { DEMO_TEMPLATES, type DemoTemplate } from './demo-templates';

/**
 * The request examples of the OpenAPI document: the worked examples of the README (the demo
 * templates), sent inline, and one template saved and then rendered by its name.
 */

const demo = (name: string): DemoTemplate => {
  const template = DEMO_TEMPLATES.find((candidate) => candidate.name === `demo-${name}`);
  if (!template) throw new Error(`No demo template demo-${name}`);
  return template;
};

const inline = (template: DemoTemplate, outputFormat: string): Record<string, unknown> => ({
  inputFormat: template.inputFormat,
  outputFormat,
  templateData: template.template,
  data: JSON.stringify(template.data),
  rendererOptions: template.rendererOptions ? JSON.stringify(template.rendererOptions) : null,
});

/** The name the save example keeps its template under (the path parameter's example too). */
export const EXAMPLE_TEMPLATE_NAME = 'einwohnerkontrolle-termin';

const notice = demo('notice');

/**
 * The template the delete example deletes: a copy of the demo notice that `npm start` saves for it
 * (RENDER_DEMO_TEMPLATES), named by no other example, so that the examples run in any order.
 */
export const EXAMPLE_DELETED_TEMPLATE = {
  name: 'demo-notice-retired',
  inputFormat: notice.inputFormat,
  template: notice.template,
  data: notice.data,
} as const;

/**
 * The reads' example: the demo template of the same notice, which `npm start` saves
 * (RENDER_DEMO_TEMPLATES), so that the reads answer before any write example ran.
 */
export const EXAMPLE_DEMO_TEMPLATE_NAME = notice.name;

export const SAVE_TEMPLATE_EXAMPLES: Record<string, BodyExample> = {
  notice: {
    summary: 'An appointment notice of a residents’ office, in plain text, with its sample data',
    value: {
      data: notice.template,
      inputFormat: notice.inputFormat,
      createdBy: 'beat.keller',
      sampleData: notice.data,
    },
  },
};

export const RENDER_EXAMPLES: Record<string, BodyExample> = {
  invoice: {
    summary: 'An invoice of a municipality as PDF (a pdfmake template, json)',
    value: inline(demo('invoice'), 'pdf'),
  },
  letter: {
    summary: 'A letter of a cantonal office as HTML (html, French)',
    value: inline(demo('letter'), 'html'),
  },
  report: {
    summary: 'A quarterly report as PDF (Markdown, Italian)',
    value: inline(demo('report'), 'pdf'),
  },
  qrBill: {
    summary:
      'An invoice with its Swiss QR-bill as PDF (data.qrBill: the payment part and receipt at the bottom)',
    value: inline(demo('qr-bill'), 'pdf'),
  },
  saved: {
    summary: `The saved template ${notice.name} as PDF (a demo template; PUT /v10-0/templates/{templateName} saves others)`,
    value: {
      inputFormat: notice.inputFormat,
      outputFormat: 'pdf',
      templateName: notice.name,
      data: JSON.stringify(notice.data),
      rendererOptions: JSON.stringify(notice.rendererOptions),
    },
  },
};

const qrBillDemo = demo('qr-bill');
const demoBill = qrBillDemo.data['qrBill'] as Record<string, unknown>;

/** A QR reference (QRR) for an invoice number: 26 digits and its check digit. */
const qrReferenceOf = (number: string): string => {
  const digits = number.replace(/\D/g, '').padStart(26, '0');
  return `${digits}${calculateQRReferenceChecksum(digits)}`;
};

/** One invoice of the demo QR-bill template, to another debtor. */
const invoice = (
  number: string,
  debtor: Record<string, string>,
  lines: ReadonlyArray<{ description: string; amount: number }>,
): Record<string, unknown> => ({
  number,
  date: '2026-03-15',
  dueDate: '2026-04-14',
  lines,
  qrBill: {
    ...demoBill,
    debtor: { ...debtor, country: 'CH' },
    amount: Math.round(lines.reduce((sum, line) => sum + line.amount, 0) * 100) / 100,
    reference: qrReferenceOf(number),
    message: `Rechnung ${number}`,
  },
});

const INVOICES = [
  invoice(
    '2026-0118',
    {
      name: 'Zoë Müller-Lüthi',
      address: "Rue de l'Église",
      buildingNumber: '3',
      zip: '1700',
      city: 'Fribourg',
    },
    [
      { description: 'Wasserzins 2026', amount: 312.4 },
      { description: 'Abwassergebühr 2026', amount: 198.6 },
    ],
  ),
  invoice(
    '2026-0119',
    { name: 'Luca Bernasconi', address: 'Via Nassa', buildingNumber: '21', zip: '6900', city: 'Lugano' },
    [{ description: 'Wasserzins 2026', amount: 287.1 }],
  ),
  invoice(
    '2026-0120',
    {
      name: 'Élodie Favre',
      address: 'Avenue de la Gare',
      buildingNumber: '12',
      zip: '1003',
      city: 'Lausanne',
    },
    [
      { description: 'Kehrichtgrundgebühr 2026', amount: 120 },
      { description: 'Abwassergebühr 2026', amount: 198.6 },
    ],
  ),
];

/** The saved demo QR-bill template (`npm start` saves it), rendered for three invoices. */
const invoiceJob = (result: 'zip' | 'merged'): Record<string, unknown> => ({
  inputFormat: qrBillDemo.inputFormat,
  outputFormat: 'pdf',
  templateName: qrBillDemo.name,
  rendererOptions: JSON.stringify(qrBillDemo.rendererOptions),
  result,
  ...(result === 'zip' ? { fileName: 'rechnung-{{number}}' } : {}),
  items: INVOICES,
});

/**
 * The demo job's id, which the reads' examples name: `npm start` creates it (RENDER_DEMO_TEMPLATES)
 * for the development subject, so that "Try it out" with the token it prints reads it.
 */
export const EXAMPLE_RENDER_JOB_ID = '3b0f6d8e-2c1a-4a57-9f0e-5d2a4c1b7e90';

/**
 * The job the delete example deletes: a second demo job, named by no read example, so that the
 * reads of the first one answer whether the delete ran before them or not.
 */
export const EXAMPLE_DELETED_RENDER_JOB_ID = '7c2a9e14-5b3d-4f86-a1c0-9e8d7b6a5f43';

/** The demo job: the zip example's three invoices. */
export const DEMO_RENDER_JOB = invoiceJob('zip');

export const RENDER_JOB_EXAMPLES: Record<string, BodyExample> = {
  zip: {
    summary: 'Three QR-bill invoices of the demo template, a PDF each in a zip (rechnung-2026-0118.pdf, ...)',
    value: invoiceJob('zip'),
  },
  merged: {
    summary: 'The same three invoices as one merged PDF, for printing',
    value: invoiceJob('merged'),
  },
};
