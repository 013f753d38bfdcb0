import { normalizePageMargin, normalizePageSize } from 'pdfmake/js/PageSize';
import standardPageSizes from 'pdfmake/js/standardPageSizes';

// pdfmake's own page tables and page arithmetic: modules of its server build (pdfmake/js/...),
// not its documented API, read here only.

/** The page sizes pdfmake knows by name (`A4`, `LETTER`, ...), upper case. */
export const STANDARD_PAGE_SIZES: ReadonlySet<string> = new Set(Object.keys(standardPageSizes));

export interface PageGeometry {
  readonly width: number;
  readonly height: number;
  readonly bottomMargin: number;
}

/** The size and bottom margin of a definition's pages as pdfmake reads them; undefined when it cannot. */
export function pageGeometryOf(definition: Record<string, unknown>): PageGeometry | undefined {
  try {
    const size = normalizePageSize(definition['pageSize'], definition['pageOrientation']);
    const margins = normalizePageMargin(definition['pageMargins'] ?? 40);
    return { width: size.width, height: size.height, bottomMargin: margins.bottom };
  } catch {
    return undefined;
  }
}
