import type { InputFormat } from '../engine/common/formats';

/** A worked example of the template language: saved at start-up in development, shown in the README. */
export interface DemoTemplate {
  readonly name: string;
  readonly inputFormat: InputFormat;
  readonly template: string;
  /** Data that renders it (a client sends it as `data`); saved with the template as its sample data. */
  readonly data: Record<string, unknown>;
  readonly rendererOptions?: Record<string, unknown>;
  /** The UI template of config-service whose branding a render names (config's demo data has it). */
  readonly branding?: string;
}

export const DEMO_INVOICE: DemoTemplate = {
  name: 'demo-invoice',
  inputFormat: 'json',
  template: `{
  "info": { "title": "Rechnung {{number}}", "author": "{{issuer.name}}" },
  "pageMargins": [50, 60, 50, 60],
  "styles": {
    "issuer": { "fontSize": 16, "bold": true, "color": "#b01c2e" },
    "title": { "fontSize": {{default titleSize 14}} , "bold": true, "margin": [0, 20, 0, 10] },
    "head": { "bold": true, "fillColor": "#eeeeee" }
  },
  "content": [
    { "text": "{{issuer.name}}", "style": "issuer" },
    { "text": "{{issuer.street}}, {{issuer.zip}} {{issuer.city}}", "fontSize": 9 },
    { "text": "{{customer.name}}\\n{{customer.street}}\\n{{customer.zip}} {{customer.city}}", "margin": [300, 30, 0, 0] },
    { "text": "Rechnung {{number}} vom {{formatDate date 'long'}}", "style": "title" },
    {
      "table": {
        "headerRows": 1,
        "widths": ["*", 40, 70, 80],
        "body": [
          [
            { "text": "Leistung", "style": "head" },
            { "text": "Menge", "style": "head", "alignment": "right" },
            { "text": "Preis", "style": "head", "alignment": "right" },
            { "text": "Betrag", "style": "head", "alignment": "right" }
          ]{{#each lines}},
          [
            "{{description}}",
            { "text": "{{formatNumber quantity}}", "alignment": "right" },
            { "text": "{{chf unitPrice symbol=false}}", "alignment": "right" },
            { "text": "{{chf (multiply quantity unitPrice) symbol=false}}", "alignment": "right" }
          ]{{/each}}
        ]
      }
    },
    { "text": "Total {{chf (sum lines 'quantity' 'unitPrice')}}", "bold": true, "alignment": "right", "margin": [0, 10, 0, 0] },
    {{#if dueDate}}{ "text": "Zahlbar bis {{formatDate dueDate 'long'}}.", "margin": [0, 20, 0, 0] },{{/if}}
    { "text": "{{default note 'Vielen Dank für Ihren Auftrag.'}}", "italics": true, "margin": [0, 10, 0, 0] }
  ]
}
`,
  data: {
    number: '2026-0042',
    date: '2026-03-15',
    dueDate: '2026-04-14',
    issuer: { name: 'Gemeinde Müllheim', street: 'Hauptstrasse 1', zip: '8555', city: 'Müllheim' },
    customer: { name: 'Zoë Müller-Lüthi', street: 'Rue de l’Église 3', zip: '1700', city: 'Fribourg' },
    lines: [
      { description: 'Gebühr Baubewilligung', quantity: 1, unitPrice: 450 },
      { description: 'Prüfung Brandschutz – «Ergänzung»', quantity: 2, unitPrice: 125.5 },
      { description: 'Kopien & Porto', quantity: 12, unitPrice: 0.8 },
    ],
  },
  rendererOptions: { locale: 'de-CH', info: { subject: 'Rechnung' } },
};

/**
 * The words of the window-envelope letter in one language: the layout is the same in every one.
 * The address sits where a C5 (or C5/6) envelope with its window on the RIGHT shows it; the Swiss
 * business-letter norm SN 010130 (edition 2016-12) provides both left and right addressing
 * (https://www.officeworld.ch/de/buerobedarf/papier-und-papierprodukte/couverts/c4-couverts).
 * The norm's own figures could not be read here (it is sold, not published): the window assumed
 * is 100 × 45 mm with its right edge 20 mm from the paper's and its top 45 mm down (90..190 mm
 * across, 45..90 mm down), and the block starts 118 mm from the left and 52 mm from the top,
 * 72 mm wide, well inside it. Check against the envelopes in use; the e2e test checks the
 * printed address against RIGHT_WINDOW_MM.
 */
export const RIGHT_WINDOW_MM = { left: 90, top: 45, width: 100, height: 45 } as const;

function windowLetter(words: {
  readonly lang: string;
  readonly page: string;
  readonly of: string;
  readonly dateLine: string;
  readonly amountLabel: string;
  readonly dueLabel: string;
  readonly enclosure: string;
  readonly instalment: string;
  readonly due: string;
}): string {
  return `<!DOCTYPE html>
<html lang="${words.lang}">
<head>
<meta charset="utf-8">
<title>{{subject}}</title>
<style>
  body { font-family: sans-serif; font-size: 10pt; line-height: 1.2; }
  p { margin: 0 0 3mm 0; text-align: justify; }
  .letterhead { border-bottom: 1pt solid #b01c2e; padding: 0 0 2mm 0; }
  .letterhead .name { font-size: 13pt; font-weight: bold; color: #b01c2e; margin: 0; text-align: left; }
  .letterhead .contact { font-size: 8pt; color: #555555; margin: 0; text-align: left; }
  .address { position: absolute; top: 52mm; left: 118mm; width: 72mm; }
  .return-line { font-size: 7pt; border-bottom: 0.5pt solid #000000; margin: 0 0 2mm 0; }
  .place-date { margin: 62mm 0 8mm 55%; text-align: left; }
  .subject { font-size: 11pt; font-weight: bold; margin: 0 0 6mm 0; text-align: left; }
  .amount { border: 0.5pt solid #999999; border-left: 3pt solid #b01c2e; padding: 2mm 3mm; background-color: #f4f4f4; margin: 2mm 0 5mm 0; }
  .signature { margin: 8mm 0 0 55%; text-align: left; }
  .enclosure { page-break-before: always; font-size: 11pt; font-weight: bold; margin: 0 0 4mm 0; }
  td, th { border-bottom: 0.5pt solid #999999; }
  .page-footer { font-size: 8pt; color: #777777; text-align: center; margin: 6mm 0 0 0; }
</style>
</head>
<body>
  <div class="letterhead">
    <p class="name">{{sender.name}}</p>
    <p class="contact">{{sender.unit}} · {{sender.street}} · {{sender.zip}} {{sender.city}} · {{sender.phone}}</p>
  </div>
  <div class="address">
    <div class="return-line">{{sender.name}}, {{sender.street}}, {{sender.zip}} {{sender.city}}</div>
    <div>{{recipient.name}}<br>{{recipient.street}}<br>{{recipient.zip}} {{recipient.city}}</div>
  </div>
  <p class="place-date">${words.dateLine}</p>
  <p class="subject">{{subject}}</p>
  <p>{{salutation}}</p>
  {{#each paragraphs}}
  <p>{{this}}</p>
  {{/each}}
  <div class="amount">${words.amountLabel} <strong>{{chf amount}}</strong><br>${words.dueLabel} {{formatDate dueDate "full"}}</div>
  <p>{{closing}}</p>
  <p class="signature">{{signatory}}<br><em>{{sender.unit}}</em></p>
  <p class="enclosure">${words.enclosure}</p>
  <table style="width: 100%">
    <tr><th>${words.instalment}</th><th style="text-align: right">${words.due}</th><th style="text-align: right">CHF</th></tr>
    {{#each instalments}}
    <tr><td>{{add @index 1}}</td><td style="text-align: right">{{formatDate due "long"}}</td><td style="text-align: right">{{chf amount symbol=false}}</td></tr>
    {{/each}}
  </table>
  <div class="page-footer">{{sender.name}} · ${words.page} <span class="page-number"></span> ${words.of} <span class="page-count"></span></div>
</body>
</html>
`;
}

export const DEMO_LETTER: DemoTemplate = {
  name: 'demo-letter',
  inputFormat: 'html',
  template: windowLetter({
    lang: 'fr-CH',
    page: 'page',
    of: 'sur',
    dateLine: '{{sender.city}}, le {{formatDate date "long"}}',
    amountLabel: 'Montant dû :',
    dueLabel: 'Délai :',
    enclosure: 'Annexe : plan de paiement',
    instalment: 'Acompte',
    due: 'Échéance',
  }),
  data: {
    subject: 'Votre demande de permis de séjour',
    date: '2026-03-15',
    dueDate: '2026-04-30',
    amount: 12345.5,
    sender: {
      name: 'Service de la population',
      unit: 'Office cantonal',
      street: 'Route de Chancy 88',
      zip: '1213',
      city: 'Genève',
      phone: '022 546 46 46',
    },
    recipient: { name: 'Chloé Dubois', street: 'Chemin des Écoliers 12', zip: '1204', city: 'Genève' },
    salutation: 'Madame,',
    paragraphs: [
      'Nous accusons réception de votre dossier complet et vous en remercions.',
      'Veuillez compléter le formulaire « Déclaration d’arrivée » et le renvoyer à notre guichet.',
    ],
    closing: 'Nous vous prions d’agréer, Madame, nos salutations distinguées.',
    signatory: 'Marc Rochat',
    instalments: [
      { due: '2026-04-30', amount: 6172.75 },
      { due: '2026-05-29', amount: 6172.75 },
    ],
  },
  rendererOptions: { locale: 'fr-CH', pageMargins: [71, 43, 57, 57] },
};

export const DEMO_BRIEF: DemoTemplate = {
  name: 'demo-brief',
  inputFormat: 'html',
  template: windowLetter({
    lang: 'de-CH',
    page: 'Seite',
    of: 'von',
    dateLine: '{{sender.city}}, {{formatDate date "long"}}',
    amountLabel: 'Offener Betrag:',
    dueLabel: 'Zahlbar bis',
    enclosure: 'Beilage: Zahlungsplan',
    instalment: 'Rate',
    due: 'Fällig am',
  }),
  data: {
    subject: 'Steuerrechnung 2026: Ratenzahlung',
    date: '2026-03-15',
    dueDate: '2026-04-30',
    amount: 12345.5,
    sender: {
      name: 'Gemeinde Müllheim',
      unit: 'Steueramt',
      street: 'Hauptstrasse 1',
      zip: '8555',
      city: 'Müllheim',
      phone: '052 762 00 00',
    },
    recipient: { name: 'Jürg Bösch', street: 'Bahnhofstrasse 12', zip: '8500', city: 'Frauenfeld' },
    salutation: 'Sehr geehrter Herr Bösch',
    paragraphs: [
      'Wir haben Ihr Gesuch um Ratenzahlung geprüft und bewilligen es gerne.',
      'Den offenen Betrag begleichen Sie in zwei Raten gemäss dem beiliegenden Zahlungsplan.',
    ],
    closing: 'Freundliche Grüsse',
    signatory: 'Regula Keller',
    instalments: [
      { due: '2026-04-30', amount: 6172.75 },
      { due: '2026-05-29', amount: 6172.75 },
    ],
  },
  rendererOptions: { locale: 'de-CH', pageMargins: [71, 43, 57, 57] },
};

export const DEMO_REPORT: DemoTemplate = {
  name: 'demo-report',
  inputFormat: 'md',
  template: `# {{title}}

*{{formatDate date "long"}}* · {{author}}

{{#each sections}}
## {{heading}}

{{text}}

{{/each}}
| Cantone | Richieste | Quota |
|---|--:|--:|
{{#each rows}}
| {{canton}} | {{formatNumber requests}} | {{formatNumber share 1}} % |
{{/each}}

**Totale:** {{formatNumber (sum rows "requests")}} richieste.
`,
  data: {
    title: 'Rapporto trimestrale',
    date: '2026-03-31',
    author: 'Ufficio di statistica',
    sections: [
      { heading: 'Sintesi', text: 'Le richieste sono aumentate del 12 % rispetto al trimestre precedente.' },
      { heading: 'Qualità', text: 'Più dell’80 % è stato evaso entro cinque giorni lavorativi.' },
    ],
    rows: [
      { canton: 'Ticino', requests: 1250, share: 41.7 },
      { canton: 'Grigioni', requests: 980, share: 32.7 },
      { canton: 'Vallese', requests: 770, share: 25.6 },
    ],
  },
  rendererOptions: { locale: 'it-CH', info: { title: 'Rapporto trimestrale' } },
};

const notice: DemoTemplate = {
  name: 'demo-notice',
  inputFormat: 'txt',
  template: `{{upper office}}
{{formatDate date "long"}}

Guten Tag {{name}}

Ihr Termin: {{formatDate appointment "full" time="short"}}.
Bitte bringen Sie mit:
{{#each documents}}
  - {{this}}
{{/each}}

{{default note "Keine weiteren Bemerkungen."}}
`,
  data: {
    office: 'Einwohnerkontrolle Zürich',
    date: '2026-03-15',
    name: 'Jürg Bösch',
    appointment: '2026-03-20T09:30:00+01:00',
    documents: ['Pass oder Identitätskarte', 'Mietvertrag', 'Foto (35 × 45 mm)'],
  },
  rendererOptions: { locale: 'de-CH' },
};

/**
 * An invoice that ends with its Swiss QR-bill: `qrBill` in the data (a QR-IBAN with a QR
 * reference) adds the payment part and receipt at the bottom of the last page; the template
 * reads the same data for the addresses and the total.
 */
export const DEMO_QR_BILL: DemoTemplate = {
  name: 'demo-qr-bill',
  inputFormat: 'json',
  template: `{
  "info": { "title": "Rechnung {{number}}", "author": "{{qrBill.creditor.name}}" },
  "pageMargins": [50, 60, 50, 60],
  "styles": {
    "issuer": { "fontSize": 16, "bold": true, "color": "#b01c2e" },
    "title": { "fontSize": 14, "bold": true, "margin": [0, 20, 0, 10] },
    "head": { "bold": true, "fillColor": "#eeeeee" }
  },
  "content": [
    { "text": "{{qrBill.creditor.name}}", "style": "issuer" },
    { "text": "{{qrBill.creditor.address}} {{qrBill.creditor.buildingNumber}}, {{qrBill.creditor.zip}} {{qrBill.creditor.city}}", "fontSize": 9 },
    { "text": "{{qrBill.debtor.name}}\\n{{qrBill.debtor.address}} {{qrBill.debtor.buildingNumber}}\\n{{qrBill.debtor.zip}} {{qrBill.debtor.city}}", "margin": [300, 30, 0, 0] },
    { "text": "Rechnung {{number}} vom {{formatDate date 'long'}}", "style": "title" },
    {
      "table": {
        "headerRows": 1,
        "widths": ["*", 80],
        "body": [
          [{ "text": "Leistung", "style": "head" }, { "text": "Betrag", "style": "head", "alignment": "right" }]{{#each lines}},
          ["{{description}}", { "text": "{{chf amount symbol=false}}", "alignment": "right" }]{{/each}}
        ]
      }
    },
    { "text": "Total {{chf qrBill.amount}}", "bold": true, "alignment": "right", "margin": [0, 10, 0, 0] },
    { "text": "Bitte bezahlen Sie bis {{formatDate dueDate 'long'}} mit dem Zahlteil unten.", "margin": [0, 20, 0, 0] }
  ]
}
`,
  data: {
    number: '2026-0117',
    date: '2026-03-15',
    dueDate: '2026-04-14',
    lines: [
      { description: 'Wasserzins 2026', amount: 312.4 },
      { description: 'Abwassergebühr 2026', amount: 198.6 },
      { description: 'Kehrichtgrundgebühr 2026', amount: 120 },
    ],
    qrBill: {
      creditor: {
        account: 'CH44 3199 9123 0008 8901 2',
        name: 'Gemeinde Müllheim',
        address: 'Hauptstrasse',
        buildingNumber: '1',
        zip: '8555',
        city: 'Müllheim',
        country: 'CH',
      },
      debtor: {
        name: 'Zoë Müller-Lüthi',
        address: "Rue de l'Église",
        buildingNumber: '3',
        zip: '1700',
        city: 'Fribourg',
        country: 'CH',
      },
      amount: 631,
      currency: 'CHF',
      reference: '00 00000 00000 00002 02601 17006',
      message: 'Rechnung 2026-0117',
    },
  },
  rendererOptions: { locale: 'de-CH', info: { subject: 'Rechnung' } },
};

/** The UI template config-service's demo data holds (SEED_DEMO_DATA): the demo canton's branding. */
export const DEMO_BRANDING = 'canton-demo';

/**
 * A letter in the demo canton's branding: the header logo, the primary colour behind the
 * sender's name and on the subject, the links of the portal in the footer. Rendered with
 * `"branding": "canton-demo"`.
 */
export const DEMO_BRANDED_LETTER: DemoTemplate = {
  name: 'demo-branded-letter',
  inputFormat: 'html',
  branding: DEMO_BRANDING,
  template: `<!DOCTYPE html>
<html lang="de">
<head>
<meta charset="utf-8">
<title>{{subject}}</title>
<style>
  .sender { background-color: {{branding.colorPalette.primaryColor}}; color: {{branding.colorPalette.primaryColorText}}; padding: 4px 8px; font-weight: bold; }
  h2 { color: {{branding.colorPalette.primaryColor}}; }
  .footer { color: {{branding.colorPalette.secondaryColor}}; font-size: 8pt; border-top: 1px solid {{branding.colorPalette.primaryColor}}; }
</style>
</head>
<body>
  <p><img src="{{brandingLogo "header"}}" width="220"></p>
  <p class="sender">{{sender.name}}</p>
  <p style="text-align: right">{{sender.city}}, {{formatDate date "long"}}</p>
  <p>{{recipient.name}}<br>{{recipient.street}}<br>{{recipient.zip}} {{recipient.city}}</p>
  <h2>{{subject}}</h2>
  <p>{{salutation}}</p>
  {{#each paragraphs}}
  <p>{{this}}</p>
  {{/each}}
  <p>{{closing}}<br><em>{{sender.name}}</em></p>
  <p class="footer">{{#each branding.links}}{{#if description}}{{description}}: {{redirectUrl}}<br>{{/if}}{{/each}}</p>
</body>
</html>
`,
  data: {
    subject: 'Ihre Wohnsitzbestätigung',
    date: '2026-03-15',
    sender: { name: 'Einwohnerdienste Kanton Demo', city: 'Demo' },
    recipient: { name: 'Jürg Bösch', street: 'Bahnhofstrasse 5', zip: '8001', city: 'Zürich' },
    salutation: 'Sehr geehrter Herr Bösch',
    paragraphs: [
      'Wir bestätigen Ihnen gerne, dass Sie seit dem 1. Januar 2020 in unserer Gemeinde angemeldet sind.',
      'Die Bestätigung finden Sie auch im Portal unter «Meine Dokumente».',
    ],
    closing: 'Freundliche Grüsse',
  },
  rendererOptions: { locale: 'de-CH' },
};

export const DEMO_TEMPLATES: readonly DemoTemplate[] = [
  DEMO_INVOICE,
  DEMO_LETTER,
  DEMO_BRIEF,
  DEMO_REPORT,
  notice,
  DEMO_BRANDED_LETTER,
  DEMO_QR_BILL,
];
