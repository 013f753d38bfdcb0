import { Page } from './page';
import { paginationHeaders } from './pagination-headers';

const NEXT = 'x-pagination-next-page-link';
const PREVIOUS = 'x-pagination-previous-page-link';

const pageOf = (totalCount: number, pageNumber: number, pageSize: number | undefined): Page<unknown> =>
  new Page([], totalCount, { pageNumber, pageSize });

describe(paginationHeaders.name, () => {
  it('gives all six headers on a middle page', () => {
    const sut = paginationHeaders(pageOf(25, 2, 10), '/demo/v10-0/profiles?PageNumber=2&PageSize=10');

    expect(sut).toEqual({
      'x-pagination-total-count': '25',
      'x-pagination-page-size': '10',
      'x-pagination-current-page': '2',
      'x-pagination-total-pages': '3',
      [NEXT]: '/demo/v10-0/profiles?PageSize=10&PageNumber=3',
      [PREVIOUS]: '/demo/v10-0/profiles?PageSize=10&PageNumber=1',
    });
  });

  it('keeps every parameter when a value holds a question mark', () => {
    const sut = paginationHeaders(
      pageOf(100, 1, 10),
      '/demo/v10-0/profiles?Name=what?x&PageSize=10&PageNumber=1',
    );

    expect(sut[NEXT]).toBe('/demo/v10-0/profiles?Name=what%3Fx&PageSize=10&PageNumber=2');
  });

  it('has no previous link on the first page', () => {
    const sut = paginationHeaders(pageOf(25, 1, 10), '/demo/v10-0/profiles');

    expect(sut).not.toHaveProperty(PREVIOUS);
    expect(sut[NEXT]).toBe('/demo/v10-0/profiles?PageNumber=2');
  });

  it('has no next link on the last page', () => {
    const sut = paginationHeaders(pageOf(25, 3, 10), '/demo/v10-0/profiles?PageNumber=3');

    expect(sut).not.toHaveProperty(NEXT);
    expect(sut[PREVIOUS]).toBe('/demo/v10-0/profiles?PageNumber=2');
  });

  it('has neither link when everything fits on one page', () => {
    const sut = paginationHeaders(pageOf(3, 1, 10), '/x');

    expect(sut).not.toHaveProperty(NEXT);
    expect(sut).not.toHaveProperty(PREVIOUS);
    expect(sut['x-pagination-total-pages']).toBe('1');
  });

  it('has neither link and zero pages when nothing matches', () => {
    const sut = paginationHeaders(pageOf(0, 1, 50), '/x');

    expect(sut).toEqual({
      'x-pagination-total-count': '0',
      'x-pagination-page-size': '50',
      'x-pagination-current-page': '1',
      'x-pagination-total-pages': '0',
    });
  });

  it('links a page beyond the end back to the last page', () => {
    const sut = paginationHeaders(pageOf(25, 7, 10), '/x?PageNumber=7');

    expect(sut).not.toHaveProperty(NEXT);
    expect(sut[PREVIOUS]).toBe('/x?PageNumber=3');
  });

  it('reports every item on one page for PageSize -1', () => {
    const sut = paginationHeaders(pageOf(42, 1, undefined), '/x?PageSize=-1');

    expect(sut['x-pagination-page-size']).toBe('42');
    expect(sut['x-pagination-total-pages']).toBe('1');
    expect(sut).not.toHaveProperty(NEXT);
  });

  it('keeps the other query parameters, repeated ones included', () => {
    const sut = paginationHeaders(
      pageOf(100, 2, 10),
      '/demo/v10-0/profiles?Ids=1&Ids=2&OrderBy=lastname+desc&PageSize=10&PageNumber=2',
    );

    const next = new URL(sut[NEXT], 'http://host');
    expect(next.pathname).toBe('/demo/v10-0/profiles');
    expect(next.searchParams.getAll('Ids')).toEqual(['1', '2']);
    expect(next.searchParams.get('OrderBy')).toBe('lastname desc');
    expect(next.searchParams.get('PageSize')).toBe('10');
    expect(next.searchParams.getAll('PageNumber')).toEqual(['3']);
  });

  it.each(['pagenumber', 'PAGENUMBER', 'pageNumber'])('replaces a %s key with one PageNumber', (key) => {
    const sut = paginationHeaders(pageOf(100, 2, 10), `/x?${key}=2&Name=a&${key}=9`);

    expect(sut[NEXT]).toBe('/x?Name=a&PageNumber=3');
    expect(sut[PREVIOUS]).toBe('/x?Name=a&PageNumber=1');
  });
});
