import { type ResolvedTemplate, ResolvedTemplateCache } from './resolved-template-cache';

const template = (name: string, version: number, data = `data of ${name}@${version}`): ResolvedTemplate => ({
  versionId: version * 100,
  name,
  version,
  inputFormat: null,
  data,
});

describe(ResolvedTemplateCache.name, () => {
  let now: number;
  let sut: ResolvedTemplateCache;

  beforeEach(() => {
    now = 0;
    sut = new ResolvedTemplateCache({ maxEntries: 3, maxCharacters: 100, ttlMs: 1000 }, () => now);
  });

  it('keeps the newest version and pinned versions apart', () => {
    sut.set(undefined, template('a', 2), sut.ticket());
    sut.set(1, template('a', 1), sut.ticket());
    expect(sut.get('a', undefined)?.version).toBe(2);
    expect(sut.get('a', 1)?.version).toBe(1);
    expect(sut.get('a', 3)).toBeUndefined();
  });

  it('forgets every version of a name on invalidation, and only that name', () => {
    sut.set(undefined, template('a', 2), sut.ticket());
    sut.set(1, template('a', 1), sut.ticket());
    sut.set(undefined, template('ab', 1), sut.ticket());
    sut.invalidate('a');
    expect(sut.get('a', undefined)).toBeUndefined();
    expect(sut.get('a', 1)).toBeUndefined();
    expect(sut.get('ab', undefined)?.name).toBe('ab');
    sut.invalidate(null);
    expect(sut.size).toBe(0);
  });

  it('does not keep what a read started before an invalidation returned', () => {
    const ticket = sut.ticket();
    sut.invalidate('a');
    sut.set(undefined, template('a', 1), ticket);
    expect(sut.get('a', undefined)).toBeUndefined();
    const everything = sut.ticket();
    sut.invalidate(null);
    sut.set(undefined, template('b', 1), everything);
    expect(sut.get('b', undefined)).toBeUndefined();
  });

  it('expires entries and evicts the least recently used beyond its bounds', () => {
    sut.set(undefined, template('a', 1), sut.ticket());
    now = 1000;
    expect(sut.get('a', undefined)).toBeUndefined();
    for (const name of ['b', 'c', 'd']) sut.set(undefined, template(name, 1), sut.ticket());
    sut.get('b', undefined);
    sut.set(undefined, template('e', 1), sut.ticket());
    expect(sut.get('c', undefined)).toBeUndefined();
    expect(sut.get('b', undefined)).toBeDefined();
    sut.set(undefined, template('big', 1, 'x'.repeat(90)), sut.ticket());
    expect(sut.size).toBe(1);
    sut.set(undefined, template('huge', 1, 'x'.repeat(101)), sut.ticket());
    expect(sut.get('huge', undefined)).toBeUndefined();
  });
});
