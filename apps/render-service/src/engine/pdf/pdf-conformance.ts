import { isPlainObject } from '@portal/http-context';
import { echoInput } from '@portal/problem-details';

import { RenderError } from '../common/render-error';
import {
  type DocumentDefinition,
  isLanguageTag,
  PDFA_PARTS,
  type PdfaPart,
  pdfaPartOf,
  WATERMARK_OPACITY,
} from './renderer-options';

/**
 * PDF/A (archiving) and tagged PDF (accessibility), as pdfmake 0.3 hands them to pdfkit: `subset`
 * (`PDF/A-1b`, ...), `tagged`, `displayTitle`, `language` and `version`. pdfkit then writes the
 * XMP metadata with `pdfaid:part` and `pdfaid:conformance`, the sRGB output intent, CIDSet for
 * PDF/A-1, the MarkInfo and StructTreeRoot of a tagged PDF and the catalog's /Lang. This module
 * settles those keys from the options (or a json template's own) and refuses what the claimed part
 * forbids; what pdfkit leaves out (XMP escaping, structure for the content) is mended in pdfkit's
 * and pdfmake's own code (vendor/xmp-escaping.ts, vendor/pdf-tagging.ts).
 */

/** PDF/A-1 is built on PDF 1.4; PDF/A-2 and -3 (and tagging) on PDF 1.7. */
const VERSION_OF: Record<PdfaPart, string> = { 'PDF/A-1b': '1.4', 'PDF/A-2b': '1.7', 'PDF/A-3b': '1.7' };
const TAGGED_VERSION = '1.7';

const refuse = (message: string): never => {
  throw new RenderError('DOCUMENT.NOT_CONFORMING', message);
};

const nonEmpty = (value: unknown): boolean =>
  value !== undefined && value !== null && !(isPlainObject(value) && Object.keys(value).length === 0);

/**
 * The definition with its conformance keys settled (the options have been applied over it):
 * a PDF/A part or tagging sets the PDF version, displays the title and gives the document a
 * language (`defaultLanguage`, the locale's, unless one is set). Without either nothing changes.
 */
export function withConformance(definition: DocumentDefinition, defaultLanguage: string): DocumentDefinition {
  const subset = definition['subset'];
  const pdfa = subset === undefined || subset === null ? undefined : pdfaPartOf(subset);
  if (subset !== undefined && subset !== null && !pdfa)
    refuse(`The document's subset must be one of ${PDFA_PARTS.join(', ')} (rendererOptions.pdfa).`);
  const tagged = definition['tagged'] ?? false;
  if (typeof tagged !== 'boolean') refuse("The document's tagged must be true or false.");
  const language = definition['language'];
  if (language !== undefined && language !== null && !isLanguageTag(language))
    refuse("The document's language must be a language tag (BCP 47) such as 'de-CH'.");
  if (!pdfa && !tagged) return definition;

  if (pdfa) checkPdfa(definition, pdfa);
  return {
    ...definition,
    ...(pdfa ? { subset: pdfa } : {}),
    tagged,
    version: pdfa ? VERSION_OF[pdfa] : TAGGED_VERSION,
    // Viewers show the title rather than the file name (PDF/UA asks it; archives profit).
    displayTitle: true,
    language: language ?? defaultLanguage,
  };
}

/** What a validator would refuse in the claimed part that this service can see before layout. */
function checkPdfa(definition: DocumentDefinition, part: PdfaPart): void {
  for (const key of ['userPassword', 'ownerPassword', 'permissions'])
    if (nonEmpty(definition[key])) refuse(`${part} forbids encryption: the document sets ${key}.`);
  const info = isPlainObject(definition['info']) ? definition['info'] : {};
  for (const key of ['creationDate', 'modDate', 'trapped'])
    if (info[key] !== undefined)
      refuse(`${part}: info.${key} has no XMP equivalent written here; leave it to the service.`);
  if (part !== 'PDF/A-3b') {
    // PDF/A-1 allows no embedded file, PDF/A-2 only PDF/A files, which cannot be checked here.
    const embedded = nonEmpty(definition['files'])
      ? 'files'
      : findKey(definition, (key) => key === 'attachment', '', new Set(['attachments']));
    if (embedded)
      refuse(
        `${part} does not allow this embedded file (${echoInput(embedded)}); PDF/A-3b allows attachments.`,
      );
  }
  if (part === 'PDF/A-1b') {
    // PDF/A-1 forbids transparency, and a watermark is transparent unless it says opacity 1: the
    // options' is drawn at WATERMARK_OPACITY, a json template's own at pdfmake's 0.6. It is refused
    // rather than made opaque here: pdfmake draws the watermark over the text, so an opaque one
    // would hide the text beneath its letters; the author chooses (opacity 1 and a light colour).
    const watermark = definition['watermark'];
    if (watermark !== undefined && watermark !== null) {
      const opacity = isPlainObject(watermark) ? watermark['opacity'] : undefined;
      if (typeof opacity !== 'number' || opacity < 1)
        refuse(
          `PDF/A-1b forbids transparency: watermark.opacity is ${typeof opacity === 'number' ? opacity : "pdfmake's default 0.6"} ` +
            `(rendererOptions.watermark is drawn at ${WATERMARK_OPACITY} unless it sets an opacity); ` +
            `use PDF/A-2b, or watermark.opacity 1 with a light color such as '${OPAQUE_WATERMARK_HINT}' ` +
            '(drawn over the text, it hides what lies under its letters).',
        );
    }
    const transparent = findKey(
      definition,
      (key, value) => OPACITY_KEYS.has(key) && typeof value === 'number' && value < 1,
      '',
      new Set(['watermark']),
    );
    if (transparent)
      refuse(
        `PDF/A-1b forbids transparency: ${echoInput(transparent)} is below 1; use PDF/A-2b or opacity 1.`,
      );
  }
}

/** A colour the refusal of a transparent watermark in PDF/A-1b suggests: black at 0.1 on white. */
const OPAQUE_WATERMARK_HINT = '#e6e6e6';

const OPACITY_KEYS = new Set(['opacity', 'fillOpacity', 'strokeOpacity']);
const MAX_DEPTH = 200;

/** The path of the first key `matches`, depth first; `skip` leaves out top-level keys. */
function findKey(
  value: unknown,
  matches: (key: string, value: unknown) => boolean,
  path: string,
  skip: ReadonlySet<string> = new Set(),
  depth = 0,
): string | undefined {
  if (depth > MAX_DEPTH || value === null || typeof value !== 'object') return undefined;
  const entries: Array<[string, unknown]> = Array.isArray(value)
    ? value.map((item, index) => [`[${index}]`, item])
    : Object.entries(value).filter(([key]) => depth > 0 || !skip.has(key));
  for (const [key, item] of entries) {
    const itemPath = key.startsWith('[') || path === '' ? `${path}${key}` : `${path}.${key}`;
    if (!key.startsWith('[') && matches(key, item)) return itemPath;
    const found = findKey(item, matches, itemPath, skip, depth + 1);
    if (found) return found;
  }
  return undefined;
}
