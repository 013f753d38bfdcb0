import { MAX_BODY_DEPTH, nestsDeeperThan } from './json-body';

const nested = (levels: number, inner: unknown = 1): unknown => {
  let value = inner;
  for (let level = 0; level < levels; level += 1) value = level % 2 === 0 ? [value] : { a: value };
  return value;
};

describe(nestsDeeperThan.name, () => {
  it('counts the top level as 1, objects and arrays alike', () => {
    expect(nestsDeeperThan({ a: 1 }, 1)).toBe(false);
    expect(nestsDeeperThan({ a: [1] }, 1)).toBe(true);
    expect(nestsDeeperThan(nested(MAX_BODY_DEPTH), MAX_BODY_DEPTH)).toBe(false);
    expect(nestsDeeperThan(nested(MAX_BODY_DEPTH + 1), MAX_BODY_DEPTH)).toBe(true);
  });

  it('finds the deep branch beside shallow ones', () => {
    expect(nestsDeeperThan({ a: 1, b: [2, 3], c: { d: nested(70) } }, MAX_BODY_DEPTH)).toBe(true);
  });

  it('takes scalars for no nesting, and walks 100,000 levels without recursion', () => {
    expect(nestsDeeperThan('text', 1)).toBe(false);
    expect(nestsDeeperThan(null, 1)).toBe(false);
    expect(nestsDeeperThan(nested(100_000), MAX_BODY_DEPTH)).toBe(true);
  });
});
