import { echoInput } from '@portal/problem-details';

import { RenderError } from '../common/render-error';

/**
 * pdfmake and pdfkit read files and fetch URLs for images, SVG images, attachments and files.
 * A document may only carry such resources inline (data: URIs), so this walks a document
 * definition before it is laid out and refuses any other reference (contract 8: templates reach
 * no file and no network). pdfmake's own URL and file policies deny everything besides.
 */
const DATA_URI = /^data:[a-z0-9.+-]+\/[a-z0-9.+-]+(;[a-z0-9.+=-]+)*;base64,/i;
const MAX_DEPTH = 200;

// An SVG reference that is neither a fragment (#id) nor inline data. The optional quote is taken
// with the whitespace before it: `\s*(["']?)\s*` would try every split of a run of spaces between
// its two quantifiers, quadratic in the run (40,000 spaces after `href=`: 24 s).
const SVG_EXTERNAL_REFERENCE = /(?:href|src)\s*=(?:\s*["'])?\s*(?!#|data:)[^\s"'>]/i;
const SVG_EXTERNAL_URL = /url\((?:\s*["'])?\s*(?!#|data:)[^)\s]/i;
const SVG_EXTERNAL_IMPORT = /@import|<!ENTITY|<!DOCTYPE|<\?xml-stylesheet/i;

const refuse = (path: string, message: string): never => {
  // The path holds the document's own names, which may be long.
  throw new RenderError('DOCUMENT.EXTERNAL_RESOURCE', `${echoInput(path)}: ${message}`);
};

function checkDataUri(path: string, value: unknown): void {
  if (typeof value !== 'string' || !DATA_URI.test(value))
    refuse(path, 'resources must be inline data: URIs (base64); files and URLs are not read.');
}

export function checkSvg(path: string, value: unknown): void {
  if (typeof value !== 'string') return;
  if (SVG_EXTERNAL_REFERENCE.test(value) || SVG_EXTERNAL_URL.test(value) || SVG_EXTERNAL_IMPORT.test(value))
    refuse(path, 'SVG may reference only fragments (#id) and inline data: URIs.');
}

function walk(value: unknown, path: string, images: ReadonlySet<string>, depth: number): void {
  if (depth > MAX_DEPTH) throw new RenderError('DOCUMENT.TOO_DEEP', 'The document nests too deeply.');
  if (Array.isArray(value)) {
    value.forEach((item, index) => walk(item, `${path}[${index}]`, images, depth + 1));
    return;
  }
  if (value === null || typeof value !== 'object') return;
  for (const [key, item] of Object.entries(value)) {
    const itemPath = `${path}.${key}`;
    switch (key) {
      case 'image':
        // A name from the images dictionary, or the image itself.
        if (typeof item === 'string' && images.has(item)) break;
        checkDataUri(itemPath, item);
        break;
      case 'svg':
        checkSvg(itemPath, item);
        break;
      case 'attachment':
      case 'file':
        if (typeof item === 'object' && item !== null)
          checkDataUri(`${itemPath}.src`, (item as { src?: unknown }).src);
        break;
      default:
        walk(item, itemPath, images, depth + 1);
    }
  }
}

function dictionary(document: Record<string, unknown>, name: string): Record<string, unknown> {
  const value = document[name];
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) return refuse(name, 'must be an object.');
  return value as Record<string, unknown>;
}

export function checkDocumentResources(document: Record<string, unknown>): void {
  const images = dictionary(document, 'images');
  for (const [name, image] of Object.entries(images)) checkDataUri(`images.${name}`, image);
  for (const name of ['attachments', 'files']) {
    for (const [key, entry] of Object.entries(dictionary(document, name))) {
      const source = typeof entry === 'object' && entry !== null ? (entry as { src?: unknown }).src : entry;
      checkDataUri(`${name}.${key}.src`, source);
    }
  }
  const imageNames = new Set(Object.keys(images));
  for (const [key, value] of Object.entries(document)) {
    if (key === 'images' || key === 'attachments' || key === 'files') continue;
    walk(value, key, imageNames, 0);
  }
}
