import { Page } from './page';

describe(Page.name, () => {
  it.each([
    [0, 10, 0],
    [1, 10, 1],
    [10, 10, 1],
    [11, 10, 2],
    [25, 10, 3],
  ])('has %i items on pages of %i in %i pages', (totalCount, pageSize, totalPages) => {
    const sut = new Page([], totalCount, { pageNumber: 1, pageSize });

    expect(sut.totalPages).toBe(totalPages);
    expect(sut.pageSize).toBe(pageSize);
  });

  it('puts every item on one page when no page size is asked for', () => {
    const sut = new Page(['a', 'b', 'c'], 3, { pageNumber: 1, pageSize: undefined });

    expect(sut.totalPages).toBe(1);
    expect(sut.pageSize).toBe(3);
  });

  it('has no pages when every item of nothing is asked for', () => {
    const sut = new Page([], 0, { pageNumber: 1, pageSize: undefined });

    expect(sut.totalPages).toBe(0);
    expect(sut.pageSize).toBe(0);
  });

  it('maps the items and keeps the count and request', () => {
    const request = { pageNumber: 2, pageSize: 2 };
    const sut = new Page([1, 2], 5, request);

    const mapped = sut.map((item) => `#${item}`);

    expect(mapped).toBeInstanceOf(Page);
    expect(mapped.items).toEqual(['#1', '#2']);
    expect(mapped.totalCount).toBe(5);
    expect(mapped.request).toBe(request);
    expect(mapped.totalPages).toBe(3);
    expect(sut.items).toEqual([1, 2]);
  });
});
