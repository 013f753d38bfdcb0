import { ValidationProblemError } from '@portal/problem-details';

import { AccessLevelTable } from './access-level-table';
import type { EntitySchemas } from './entity-schema';
import { Projector } from './projector';

const schemas: EntitySchemas = {
  profile: {
    properties: ['id', 'email', 'phone', 'isEnabled', 'createdBy'],
    relations: { person: 'person', organization: 'organization' },
  },
  person: {
    properties: ['id', 'firstname', 'lastname', 'birthdate', 'gender'],
    relations: { account: 'account' },
  },
  account: { properties: ['id', 'username', 'password', 'sessionDuration', 'hasSeenOwnProfile'] },
  organization: {
    properties: ['id', 'name', 'uid', 'vatNumber'],
    relations: { signatories: 'orgSignatory' },
  },
  orgSignatory: { properties: ['id', 'email', 'function'] },
  service: { properties: ['id', 'name', 'displayName', 'url', 'secretKey'] },
};

const account = () => ({
  id: 31,
  username: 'ann',
  password: 'hunter2',
  sessionDuration: 30,
  hasSeenOwnProfile: true,
});

const person = () => ({
  id: 21,
  firstname: 'Ann',
  lastname: 'Lee',
  birthdate: '1990-01-01',
  gender: 'f',
  account: account(),
});

const organization = () => ({
  id: 41,
  name: 'Acme',
  uid: 'CHE-1',
  vatNumber: 'V1',
  signatories: [
    { id: 51, email: 's1@acme.ch', function: 'CEO' },
    { id: 52, email: 's2@acme.ch', function: 'CFO' },
  ],
});

const profile = () => ({
  id: 11,
  email: 'ann@acme.ch',
  phone: '+41 00',
  isEnabled: true,
  createdBy: 'admin',
  person: person(),
  organization: organization(),
});

const keysOf = (value: unknown): string[] => Object.keys(value as object).sort();

describe(Projector.name, () => {
  const sut = new Projector(AccessLevelTable.fromFile(), schemas);
  const all = (level: number) => ({ level, select: [] });

  describe('by level', () => {
    it.each<[number, string, string[], () => object]>([
      [1, 'profile', ['email', 'id', 'organization', 'person'], profile],
      [1, 'person', ['firstname', 'id', 'lastname'], person],
      [1, 'account', ['id'], account],
      [1, 'organization', ['id', 'name', 'uid'], organization],
      [2, 'profile', ['email', 'id', 'isEnabled', 'organization', 'person', 'phone'], profile],
      [2, 'person', ['account', 'birthdate', 'firstname', 'gender', 'id', 'lastname'], person],
      [2, 'account', ['hasSeenOwnProfile', 'id', 'sessionDuration'], account],
      [2, 'organization', ['id', 'name', 'signatories', 'uid', 'vatNumber'], organization],
      [9, 'profile', ['createdBy', 'email', 'id', 'isEnabled', 'organization', 'person', 'phone'], profile],
      [9, 'account', ['hasSeenOwnProfile', 'id', 'sessionDuration', 'username'], account],
    ])('at level %i projects %s to %j', (level, entityKey, expected, make) => {
      expect(keysOf(sut.project(make(), entityKey, all(level)))).toEqual(expected);
    });

    it('projects nested objects by their own entity key at level 1', () => {
      const result = sut.project(profile(), 'profile', all(1));

      expect(result).toEqual({
        id: 11,
        email: 'ann@acme.ch',
        person: { id: 21, firstname: 'Ann', lastname: 'Lee' },
        organization: { id: 41, name: 'Acme', uid: 'CHE-1' },
      });
    });

    it('gives level 2 the account with only id, sessionDuration and hasSeenOwnProfile', () => {
      const result = sut.project(profile(), 'profile', all(2));

      expect(result.person.account).toEqual({ id: 31, sessionDuration: 30, hasSeenOwnProfile: true });
    });

    it('projects signatories of an unlimited organization to their id at level 2', () => {
      const result = sut.project(profile(), 'profile', all(2));

      expect(result.organization).toEqual({
        id: 41,
        name: 'Acme',
        uid: 'CHE-1',
        vatNumber: 'V1',
        signatories: [{ id: 51 }, { id: 52 }],
      });
    });

    it('gives level 9 everything but the write-only password', () => {
      const expected = profile();
      delete (expected.person.account as Partial<ReturnType<typeof account>>).password;

      expect(sut.project(profile(), 'profile', all(9))).toEqual(expected);
    });

    it.each([1, 2, 9])('never returns password at level %i', (level) => {
      const result = sut.project(profile(), 'profile', all(level));

      expect(JSON.stringify(result)).not.toContain('password');
      expect(JSON.stringify(result)).not.toContain('hunter2');
      expect(sut.project(account(), 'account', all(level))).not.toHaveProperty('password');
    });

    it.each([1, 2])('returns id alone for an entity key the table does not list, at level %i', (level) => {
      expect(sut.project({ id: 7, name: 'x', content: 'y' }, 'uiTemplate', all(level))).toEqual({ id: 7 });
    });

    it('returns everything of an unlisted entity key at level 9', () => {
      expect(sut.project({ id: 7, name: 'x' }, 'uiTemplate', all(9))).toEqual({ id: 7, name: 'x' });
    });

    it('gives a level below every level of the table only ids', () => {
      expect(sut.project(profile(), 'profile', all(0))).toEqual({ id: 11 });
    });

    it('gives a level missing from the table the grants of the highest level below it', () => {
      expect(sut.project(profile(), 'profile', all(5))).toEqual(sut.project(profile(), 'profile', all(2)));
    });

    it('projects arrays element by element', () => {
      const result = sut.project([profile(), { ...profile(), id: 12 }], 'profile', all(1));

      expect(result).toHaveLength(2);
      expect(result.map((item) => item.id)).toEqual([11, 12]);
      expect(result.map(keysOf)).toEqual([
        ['email', 'id', 'organization', 'person'],
        ['email', 'id', 'organization', 'person'],
      ]);
    });

    it('keeps a null nested object null', () => {
      const result = sut.project({ ...profile(), person: null, organization: null }, 'profile', all(1));

      expect(result).toEqual({ id: 11, email: 'ann@acme.ch', person: null, organization: null });
    });

    it('keeps dates and scalar values as they are', () => {
      const birthdate = new Date('1990-01-01T00:00:00Z');
      const result = sut.project({ ...person(), birthdate }, 'person', all(2));

      expect(result.birthdate).toBe(birthdate);
      expect(sut.project(null, 'profile', all(1))).toBeNull();
      expect(sut.project(3, 'profile', all(1))).toBe(3);
    });

    it('does not change the value it projects', () => {
      const value = profile();

      sut.project(value, 'profile', all(1));

      expect(value).toEqual(profile());
    });
  });

  describe('with Select', () => {
    it('keeps only the selected properties and id', () => {
      expect(sut.project(profile(), 'profile', { level: 2, select: ['email', 'phone'] })).toEqual({
        id: 11,
        email: 'ann@acme.ch',
        phone: '+41 00',
      });
    });

    it('keeps only the selected nested property and the ids on its path', () => {
      expect(sut.project(profile(), 'profile', { level: 2, select: ['person.firstname'] })).toEqual({
        id: 11,
        person: { id: 21, firstname: 'Ann' },
      });
    });

    it('keeps a property selected whole, whatever longer paths are also selected', () => {
      const selected = sut.project(profile(), 'profile', {
        level: 9,
        select: ['person.firstname', 'person'],
      });
      expect(selected).toEqual({ id: 11, person: sut.project(person(), 'person', { level: 9, select: [] }) });
    });

    it('keeps deep paths across arrays', () => {
      expect(
        sut.project(profile(), 'profile', {
          level: 9,
          select: ['organization.signatories.email', 'person.account.username'],
        }),
      ).toEqual({
        id: 11,
        organization: {
          id: 41,
          signatories: [
            { id: 51, email: 's1@acme.ch' },
            { id: 52, email: 's2@acme.ch' },
          ],
        },
        person: { id: 21, account: { id: 31, username: 'ann' } },
      });
    });

    it('keeps everything the level allows of a nested object selected whole', () => {
      expect(sut.project(profile(), 'profile', { level: 1, select: ['person'] })).toEqual({
        id: 11,
        person: { id: 21, firstname: 'Ann', lastname: 'Lee' },
      });
    });

    it('keeps nothing the level does not allow', () => {
      expect(sut.project(profile(), 'profile', { level: 1, select: ['phone'] })).toEqual({ id: 11 });
      expect(sut.project(profile(), 'profile', { level: 1, select: ['person.birthdate'] })).toEqual({
        id: 11,
        person: { id: 21 },
      });
    });

    it('never returns password, even when selected at level 9', () => {
      expect(sut.project(account(), 'account', { level: 9, select: ['password'] })).toEqual({ id: 31 });
    });

    it('applies to every element of an array', () => {
      expect(sut.project([profile(), profile()], 'profile', { level: 1, select: ['email'] })).toEqual([
        { id: 11, email: 'ann@acme.ch' },
        { id: 11, email: 'ann@acme.ch' },
      ]);
    });
  });

  describe('assertSelectable', () => {
    it.each([['constructor'], ['__proto__'], ['toString'], ['person.constructor']])(
      'refuses the built-in object member %s',
      (path) => {
        expect(() => sut.assertSelectable('profile', [path])).toThrow(ValidationProblemError);
      },
    );

    it.each([
      [['email']],
      [['id']],
      [['person']],
      [['person.firstname', 'person.account.sessionDuration']],
      [['organization.signatories.email']],
      [[]],
    ])('accepts %j', (select) => {
      expect(() => sut.assertSelectable('profile', select)).not.toThrow();
    });

    it.each([
      ['an unknown property', 'nickname'],
      ['an unknown nested property', 'person.nickname'],
      ['a path through a plain property', 'email.domain'],
      ['a path below a leaf of a relation', 'person.firstname.initial'],
      ['an unknown relation', 'company.name'],
      ['an empty segment', 'person.'],
      ['a property of another entity', 'firstname'],
    ])('rejects %s (%s) with errors keyed Select', (_case, path) => {
      let thrown: unknown;
      try {
        sut.assertSelectable('profile', ['email', path]);
      } catch (error) {
        thrown = error;
      }

      expect(thrown).toBeInstanceOf(ValidationProblemError);
      const errors = (thrown as ValidationProblemError).errors;
      expect(Object.keys(errors)).toEqual(['Select']);
      expect(errors['Select']).toEqual([`'${path}' is not a property of profile.`]);
    });

    it('repeats at most 200 characters of a long path', () => {
      expect(() => sut.assertSelectable('profile', ['p'.repeat(10_000)])).toThrow(
        expect.objectContaining({
          errors: {
            Select: [
              `'${'p'.repeat(200)}…' (the first 200 of 10000 characters) is not a property of profile.`,
            ],
          },
        }) as Error,
      );
    });

    it('lists every unknown path, keyed by the parameter name given', () => {
      expect(() => sut.assertSelectable('profile', ['a', 'b.c'], 'select')).toThrow(
        expect.objectContaining({
          errors: { select: [expect.stringContaining("'a'"), expect.stringContaining("'b.c'")] },
        }) as Error,
      );
    });

    it('rejects every path of an entity key without a schema', () => {
      expect(() => sut.assertSelectable('uiTemplate', ['id'])).toThrow(ValidationProblemError);
    });
  });
});
