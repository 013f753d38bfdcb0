import { rolesOfClaims } from './principal';

describe(rolesOfClaims.name, () => {
  it('gives no roles for no claims', () => {
    expect(rolesOfClaims({}).size).toBe(0);
  });

  it('merges roles, realm_access.roles and every resource_access.*.roles without duplicates', () => {
    const sut = rolesOfClaims({
      roles: ['A', 'B'],
      realm_access: { roles: ['B', 'C'] },
      resource_access: { portal: { roles: ['D'] }, account: { roles: ['A', 'E'] } },
    });

    expect([...sut].sort()).toEqual(['A', 'B', 'C', 'D', 'E']);
  });

  it('ignores entries that are not strings', () => {
    const sut = rolesOfClaims({
      roles: ['A', 1, null, { name: 'X' }, ['Y'], true],
      realm_access: { roles: [2, 'B'] },
      resource_access: { portal: { roles: [undefined, 'C'] } },
    });

    expect([...sut].sort()).toEqual(['A', 'B', 'C']);
  });

  it.each([
    ['roles as a string', { roles: 'Admin' }],
    ['roles as an object', { roles: { Admin: true } }],
    ['realm_access as a string', { realm_access: 'Admin' }],
    ['realm_access without roles', { realm_access: {} }],
    ['realm_access.roles as a string', { realm_access: { roles: 'Admin' } }],
    ['resource_access as null', { resource_access: null }],
    ['resource_access entries that are not objects', { resource_access: { a: null, b: 'Admin', c: 3 } }],
    ['resource_access roles as a string', { resource_access: { a: { roles: 'Admin' } } }],
  ])('ignores %s', (_case, claims) => {
    expect(rolesOfClaims(claims).size).toBe(0);
  });
});
