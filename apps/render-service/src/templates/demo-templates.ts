import type { InputFormat } from '../rendering/formats';

/** A worked example of the template language: saved at start-up in development, shown in the README. */
export interface DemoTemplate {
  readonly name: string;
  readonly inputFormat: InputFormat;
  readonly template: string;
  /** Data that renders it (a client sends it as `data`); saved with the template as its sample data. */
  readonly data: Record<string, unknown>;
  readonly rendererOptions?: Record<string, unknown>;
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

const letter: DemoTemplate = {
  name: 'demo-letter',
  inputFormat: 'html',
  template: `<!DOCTYPE html>
<html lang="fr">
<head><meta charset="utf-8"><title>{{subject}}</title></head>
<body>
  <p style="text-align: right">{{sender.city}}, le {{formatDate date "long"}}</p>
  <p>{{recipient.name}}<br>{{recipient.street}}<br>{{recipient.zip}} {{recipient.city}}</p>
  <h2>{{subject}}</h2>
  <p>{{salutation}}</p>
  {{#each paragraphs}}
  <p>{{this}}</p>
  {{/each}}
  {{#if deadline}}
  <p><strong>Délai : {{formatDate deadline "full"}}</strong></p>
  {{/if}}
  <p>{{closing}}<br><em>{{sender.name}}</em></p>
</body>
</html>
`,
  data: {
    subject: 'Votre demande de permis de séjour',
    date: '2026-03-15',
    deadline: '2026-04-30',
    sender: { name: 'Service de la population', city: 'Genève' },
    recipient: { name: 'Chloé Dubois', street: 'Chemin des Écoliers 12', zip: '1204', city: 'Genève' },
    salutation: 'Madame,',
    paragraphs: [
      'Nous accusons réception de votre dossier complet et vous en remercions.',
      'Veuillez compléter le formulaire « Déclaration d’arrivée » et le renvoyer à notre guichet.',
    ],
    closing: 'Nous vous prions d’agréer, Madame, nos salutations distinguées.',
  },
  rendererOptions: { locale: 'fr-CH' },
};

const report: DemoTemplate = {
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

export const DEMO_TEMPLATES: readonly DemoTemplate[] = [DEMO_INVOICE, letter, report, notice];
