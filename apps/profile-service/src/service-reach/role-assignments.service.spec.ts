/**
 * RoleAssignments' rules that are not SQL: a new person profile needs the citizen role to exist
 * (its absence is a broken deployment, not a 4xx), a role given directly is recorded as Direct
 * (also when its category gave it), and only a write that changed who holds a role starts the
 * automated update of procuration services, bounded to that role's services.
 *
 * The category's roles (giveCategoryRole, takeCategoryRole, followCategoryChange and an
 * organization's initial roles) are set-based SQL: the reference-data, profile-roles and
 * procuration-sync e2e suites pin them.
 */
import { FakeDatabase } from '../common/testing/fake-database';
import { upsertLinkRow } from '../common/upsert';
import type { ProfileEnvironment } from '../profile-environment';
import { onServiceReachChanged } from './reach-changes';
import { RoleAssignments } from './role-assignments.service';

jest.mock('../common/upsert');
jest.mock('./reach-changes');

const NOW = new Date('2026-03-01T10:00:00.000Z');
const CITIZEN_ROLE_INSERT = /INSERT INTO profile_role[\s\S]*FROM role r WHERE lower\(r.name\) = lower\(\$2\)/;

describe(RoleAssignments.name, () => {
  let fake: FakeDatabase;
  let sut: RoleAssignments;

  beforeEach(() => {
    fake = new FakeDatabase();
    sut = new RoleAssignments({ CITIZEN_ROLE_NAME: 'Citizen' } as ProfileEnvironment);
  });

  it('gives a new person profile the citizen role by its configured name, then updates its reach', async () => {
    fake.answer(CITIZEN_ROLE_INSERT, [{ id: 40 }]);

    await sut.giveInitialRoles(fake.manager, { id: 1 }, 'test', NOW);

    expect(fake.callsOf('query')[0].args[1]).toEqual([1, 'Citizen', NOW, 'test']);
    expect(onServiceReachChanged).toHaveBeenCalledWith(fake.manager, {
      kind: 'profileRoles',
      profileIds: [1],
    });
  });

  it('fails (a 500, not a 4xx) when the citizen role does not exist', async () => {
    fake.answer(CITIZEN_ROLE_INSERT, []);

    await expect(sut.giveInitialRoles(fake.manager, { id: 1 }, 'test', NOW)).rejects.toThrow(
      "The citizen role 'Citizen' (CITIZEN_ROLE_NAME) does not exist.",
    );
    expect(onServiceReachChanged).not.toHaveBeenCalled();
  });

  it("records a role given directly as Direct, from its start, and updates the reach of that role's services", async () => {
    jest.mocked(upsertLinkRow).mockResolvedValue({ id: 40, created: false });

    await expect(sut.giveDirectly(fake.manager, 1, 3, NOW, 'test')).resolves.toEqual({
      id: 40,
      created: false,
    });

    expect(upsertLinkRow).toHaveBeenCalledWith(
      fake.manager,
      'profile_role',
      { profileId: 1, roleId: 3 },
      { validityStartStamp: NOW, source: 'Direct' },
      'test',
    );
    expect(onServiceReachChanged).toHaveBeenCalledWith(fake.manager, {
      kind: 'profileRoles',
      profileIds: [1],
      roleId: 3,
    });
  });

  it('takes a held role and updates the reach of its services; a role not held changes nothing', async () => {
    fake.selects('manager', { affected: 0 });
    await expect(sut.take(fake.manager, 1, 3)).resolves.toBe(false);
    expect(onServiceReachChanged).not.toHaveBeenCalled();

    fake.selects('manager', { affected: 1 });
    await expect(sut.take(fake.manager, 1, 3)).resolves.toBe(true);
    expect(onServiceReachChanged).toHaveBeenCalledWith(fake.manager, {
      kind: 'profileRoles',
      profileIds: [1],
      roleId: 3,
    });
  });
});
