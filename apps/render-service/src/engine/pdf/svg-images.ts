import { isPlainObject } from '@portal/http-context';

import { checkSvg } from './resource-guard';

const SVG_DATA_URI = /^data:image\/svg\+xml;base64,([A-Za-z0-9+/]*={0,2})$/i;
const MAX_DEPTH = 200;

/**
 * pdfmake draws SVG only from `svg` nodes, never from an `image`: an image that is a base64 SVG
 * data: URI (a branding logo, or `<img>` in HTML) becomes the `svg` node of its text, which the
 * resource guard then checks like any other SVG.
 */
export function svgImagesAsSvg(document: Record<string, unknown>): void {
  const images = document['images'];
  const dictionary = isPlainObject(images) ? images : {};
  const svgOf = (image: unknown): string | undefined => {
    const source = typeof image === 'string' && Object.hasOwn(dictionary, image) ? dictionary[image] : image;
    const match = typeof source === 'string' ? SVG_DATA_URI.exec(source) : null;
    return match ? Buffer.from(match[1], 'base64').toString('utf8') : undefined;
  };
  const walk = (value: unknown, path: string, depth: number): void => {
    if (depth > MAX_DEPTH || value === null || typeof value !== 'object') return;
    if (Array.isArray(value)) {
      value.forEach((item, index) => walk(item, `${path}[${index}]`, depth + 1));
      return;
    }
    const node = value as Record<string, unknown>;
    const svg = svgOf(node['image']);
    if (svg !== undefined) {
      checkSvg(`${path}.image`, svg);
      delete node['image'];
      node['svg'] = svg;
    }
    for (const [key, item] of Object.entries(node))
      if (key !== 'images') walk(item, `${path}.${key}`, depth + 1);
  };
  for (const [key, value] of Object.entries(document)) if (key !== 'images') walk(value, key, 0);
  // The dictionary's SVG entries are placed as svg nodes now; pdfmake would refuse them as images.
  for (const [name, image] of Object.entries(dictionary))
    if (typeof image === 'string' && SVG_DATA_URI.test(image)) delete dictionary[name];
}
