import {
  declaredExpansionsOf,
  DeclaresExpansions,
  requestedExpansions,
  unexpandedSelections,
} from './expansions';

const PROFILE = ['Person', 'Person_Account', 'Person_Account_Identities', 'Organization', 'ProfilePicture'];

describe('requestedExpansions', () => {
  it('reads Expand in any case, repeated or comma-separated, each with the parents it implies', () => {
    expect([...requestedExpansions({ expand: ['Person_Account', 'organization , ProfilePicture'] })]).toEqual(
      ['person', 'person_account', 'organization', 'profilepicture'],
    );
    expect(requestedExpansions({ Select: 'Person' }).size).toBe(0);
    expect(requestedExpansions(undefined).size).toBe(0);
  });
});

describe('unexpandedSelections', () => {
  const check = (select: string[], query: Record<string, unknown>): string[] =>
    unexpandedSelections(select, PROFILE, requestedExpansions(query));

  it('names the deepest expansion a path into an unexpanded object needs', () => {
    expect(check(['email', 'person.lastname', 'person.account.username'], {})).toEqual([
      "'person.lastname' needs Expand=Person: person is returned only when expanded.",
      "'person.account.username' needs Expand=Person_Account: person.account is returned only when expanded.",
    ]);
    expect(check(['person'], {})).toEqual([
      "'person' needs Expand=Person: person is returned only when expanded.",
    ]);
  });

  it('accepts paths into expanded objects, a parent implied by its child', () => {
    expect(check(['person.lastname'], { Expand: 'person' })).toEqual([]);
    expect(check(['person.lastname', 'person.account.username'], { Expand: 'Person_Account' })).toEqual([]);
    expect(check(['person.account.identities.externalId'], { Expand: 'Person_Account_Identities' })).toEqual(
      [],
    );
    expect(check(['email', 'isEnabled'], {})).toEqual([]);
  });

  it('has nothing to say on a route without expansions', () => {
    expect(unexpandedSelections(['person.lastname'], [], new Set())).toEqual([]);
  });
});

describe('declaredExpansionsOf', () => {
  class Query {
    @DeclaresExpansions(['Account'])
    readonly Expand?: string[];
  }
  class Child extends Query {}

  it('reads the values from the query DTO, inherited ones included', () => {
    expect(declaredExpansionsOf(Child)).toEqual(['Account']);
    expect(declaredExpansionsOf(undefined)).toEqual([]);
  });
});
