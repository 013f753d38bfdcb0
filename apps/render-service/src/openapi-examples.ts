import type { BodyExample } from '@portal/http-context';

import { DEMO_TEMPLATES, type DemoTemplate } from './templates/demo-templates';

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
    summary: `The saved template ${EXAMPLE_TEMPLATE_NAME} as PDF (save it first with PUT /v10-0/templates/{templateName})`,
    value: {
      inputFormat: notice.inputFormat,
      outputFormat: 'pdf',
      templateName: EXAMPLE_TEMPLATE_NAME,
      data: JSON.stringify(notice.data),
      rendererOptions: JSON.stringify(notice.rendererOptions),
    },
  },
};
