/** Contract 8: what a render reads and what it may produce from it. */
export const INPUT_FORMATS = ['json', 'html', 'md', 'txt'] as const;
export const OUTPUT_FORMATS = ['pdf', 'html', 'txt'] as const;

export type InputFormat = (typeof INPUT_FORMATS)[number];
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

const OUTPUTS_OF: Readonly<Record<InputFormat, readonly OutputFormat[]>> = {
  json: ['pdf'],
  html: ['pdf', 'html'],
  md: ['pdf', 'html'],
  txt: ['pdf', 'txt'],
};

export const CONTENT_TYPES: Readonly<Record<OutputFormat, string>> = {
  pdf: 'application/pdf',
  html: 'text/html; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
};

export const isInputFormat = (value: string): value is InputFormat =>
  (INPUT_FORMATS as readonly string[]).includes(value);

export const isOutputFormat = (value: string): value is OutputFormat =>
  (OUTPUT_FORMATS as readonly string[]).includes(value);

export const supportsPair = (input: InputFormat, output: OutputFormat): boolean =>
  OUTPUTS_OF[input].includes(output);

export const outputsOf = (input: InputFormat): readonly OutputFormat[] => OUTPUTS_OF[input];
