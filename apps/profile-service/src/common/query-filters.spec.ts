import { foldedContains, searchSpellings } from './query-filters';

describe('search spellings (contract 9)', () => {
  it.each<[string, string[]]>([
    ['geneve', ['geneve']],
    ['bosch', ['bosch']],
    // Read back as umlauts by the stored transliteration, not by the term: `michael` stays itself.
    ['boesch', ['boesch']],
    ['michael', ['michael']],
    ['Müller', ['Müller', 'Mueller']],
    ['ÖLZ ä', ['ÖLZ ä', 'OeLZ ae']],
    // A decomposed umlaut (u + U+0308) is the same letter.
    ['Mu\u0308ller', ['Müller', 'Mueller']],
  ])('%s', (term, spellings) => {
    expect(searchSpellings(term)).toEqual(spellings);
  });
});

describe(foldedContains.name, () => {
  const bind = (): { add: (pattern: string) => string; values: string[] } => {
    const values: string[] = [];
    return { values, add: (pattern) => (values.push(pattern), `$${values.length}`) };
  };

  it('looks for one escaped pattern, folded by the database, for a term without umlauts', () => {
    const { add, values } = bind();
    expect(foldedContains('t.col', '50%_x', add)).toBe('t.col LIKE profile_search_fold($1)');
    expect(values).toEqual(['%50\\%\\_x%']);
  });

  it('looks for the transliteration too when the term has umlauts', () => {
    const { add, values } = bind();
    expect(foldedContains('t.col', 'Bösch', add)).toBe(
      '(t.col LIKE profile_search_fold($1) OR t.col LIKE profile_search_fold($2))',
    );
    expect(values).toEqual(['%Bösch%', '%Boesch%']);
  });
});
