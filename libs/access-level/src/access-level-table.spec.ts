import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { AccessLevelTable } from './access-level-table';

describe(AccessLevelTable.name, () => {
  const sut = AccessLevelTable.fromFile();

  it('reads the default table with levels 1, 2 and 9', () => {
    expect(sut.levels).toEqual([1, 2, 9]);
    expect(sut.rolesWithLevel.sort()).toEqual(['ProfileApi_Low', 'ProfileApi_Max', 'ProfileApi_Medium']);
  });

  describe('describeEntity', () => {
    it('groups the levels that see the same properties and names their roles', () => {
      expect(sut.describeEntity('client')).toBe(
        'ProfileApi_Low (1) and ProfileApi_Medium (2): `id` only; ProfileApi_Max (9): every property',
      );
      expect(sut.describeEntity('service')).toBe(
        'ProfileApi_Low (1): `id`, `name`, `displayName`; ProfileApi_Medium (2): `id`, `name`, `displayName`, `url`; ' +
          'ProfileApi_Max (9): every property',
      );
      expect(sut.describeEntity('organization')).toBe(
        'ProfileApi_Low (1): `id`, `name`, `uid`; ProfileApi_Medium (2) and ProfileApi_Max (9): every property',
      );
    });

    it('leaves write-only properties out and names a level without a role by its number', () => {
      const table = new AccessLevelTable({
        roles: { Reader: 1 },
        levels: { '1': { account: ['username', 'password'] }, '5': '*' },
        writeOnly: ['password'],
      });
      expect(table.describeEntity('account')).toBe('Reader (1): `id`, `username`; level 5: every property');
    });
  });

  describe('levelOfRoles', () => {
    it.each<[string[], number | undefined]>([
      [['ProfileApi_Low'], 1],
      [['ProfileApi_Medium'], 2],
      [['ProfileApi_Max'], 9],
      [['ProfileApi_Low', 'ProfileApi_Max', 'ProfileApi_Medium'], 9],
      [['ProfileApi_Medium', 'ProfileApi_Low', 'ConfigApi_Write'], 2],
      [['ConfigApi_Write', 'profileapi_max'], undefined],
      [[], undefined],
      [['toString'], undefined],
      [['__proto__', 'constructor'], undefined],
      [['toString', 'ProfileApi_Low'], 1],
    ])('gives roles %j level %p', (roles, level) => {
      expect(sut.levelOfRoles(roles)).toBe(level);
    });

    it('reads any iterable of roles', () => {
      expect(sut.levelOfRoles(new Set(['ProfileApi_Medium']))).toBe(2);
    });
  });

  describe('allows', () => {
    it.each<[number, string, string, boolean]>([
      [1, 'profile', 'email', true],
      [1, 'profile', 'phone', false],
      [2, 'profile', 'phone', true],
      [1, 'unknownEntity', 'id', true],
      [1, 'unknownEntity', 'name', false],
      [2, 'organization', 'anything', true],
      [9, 'unknownEntity', 'anything', true],
      [9, 'account', 'password', false],
      [2, 'account', 'password', false],
      [0, 'profile', 'email', false],
      [0, 'profile', 'id', true],
      [3, 'profile', 'phone', true],
      [100, 'profile', 'createdBy', true],
    ])('at level %i, entity %s, property %s: %p', (level, entityKey, property, expected) => {
      expect(sut.allows(level, entityKey, property)).toBe(expected);
    });
  });

  describe('fromFile', () => {
    let folder: string;

    beforeEach(() => {
      folder = mkdtempSync(path.join(tmpdir(), 'access-levels-'));
    });

    afterEach(() => {
      rmSync(folder, { recursive: true, force: true });
    });

    const fileWith = (content: string): string => {
      const file = path.join(folder, 'levels.json');
      writeFileSync(file, content);
      return file;
    };

    it('reads a table a deployment provides', () => {
      const file = fileWith(
        JSON.stringify({ roles: { Reader: 3 }, levels: { '3': { thing: ['name'] } }, writeOnly: ['secret'] }),
      );

      const table = AccessLevelTable.fromFile(file);

      expect(table.levels).toEqual([3]);
      expect(table.levelOfRoles(['Reader'])).toBe(3);
      expect(table.allows(3, 'thing', 'name')).toBe(true);
      expect(table.allows(3, 'thing', 'other')).toBe(false);
    });

    it('refuses a file that is not JSON', () => {
      const file = fileWith('{ "roles": ');

      expect(() => AccessLevelTable.fromFile(file)).toThrow(new RegExp(`${file}.*could not be read`));
    });

    it('refuses a file that does not exist', () => {
      expect(() => AccessLevelTable.fromFile(path.join(folder, 'missing.json'))).toThrow(/ENOENT/);
    });

    it.each([
      ['not an object', '"levels"', 'not a JSON object'],
      ['null', 'null', 'not a JSON object'],
      ['without roles', '{ "levels": {}, "writeOnly": [] }', '`roles` must map role names to levels'],
      [
        'a role without an integer level',
        '{ "roles": { "Reader": "high" }, "levels": {}, "writeOnly": [] }',
        'role Reader must have an integer level',
      ],
      [
        'a fractional role level',
        '{ "roles": { "Reader": 1.5 }, "levels": {}, "writeOnly": [] }',
        'role Reader must have an integer level',
      ],
      ['without levels', '{ "roles": {}, "writeOnly": [] }', '`levels` must be an object'],
      [
        'a level key that is not an integer',
        '{ "roles": {}, "levels": { "low": {} }, "writeOnly": [] }',
        'level key low must be an integer',
      ],
      [
        'a level that is neither "*" nor an object',
        '{ "roles": {}, "levels": { "1": "all" }, "writeOnly": [] }',
        'level 1 must be "*" or an object',
      ],
      [
        'a grant that is not a list of names',
        '{ "roles": {}, "levels": { "1": { "profile": "email" } }, "writeOnly": [] }',
        'level 1, entity profile: must be "*" or a list of property names',
      ],
      [
        'a grant listing a non-string',
        '{ "roles": {}, "levels": { "1": { "profile": ["email", 3] } }, "writeOnly": [] }',
        'level 1, entity profile',
      ],
      ['without writeOnly', '{ "roles": {}, "levels": {} }', '`writeOnly` must be a list of property names'],
      [
        'a writeOnly with a non-string',
        '{ "roles": {}, "levels": {}, "writeOnly": [1] }',
        '`writeOnly` must be a list of property names',
      ],
    ])('refuses a table %s, naming the file and the problem', (_case, content, problem) => {
      const file = fileWith(content);

      expect(() => AccessLevelTable.fromFile(file)).toThrow(
        `Access level table ${file} is invalid: ${problem}`,
      );
    });
  });
});
