/**
 * ProfileRolesService's rules without a database: an unknown profile or role is a 404; a role is
 * given directly from the validityStartStamp sent, or now, and taken whatever gave it; a role the
 * profile does not hold is a 404.
 *
 * Left to the e2e suites (profile-roles, procuration-sync): the role writes themselves
 * (RoleAssignments' SQL) and what the procurations hold after them.
 */
import { FakeDatabase, personProfile } from '../../common/testing/fake-database';
import { RoleEntity } from '../../reference-data/roles/role.entity';
import type { RoleAssignments } from '../../service-reach/role-assignments.service';
import { ProfileRoleEntity } from './profile-role.entity';
import { ProfileRolesService } from './profile-roles.service';

const NOW = new Date('2026-03-01T10:00:00.000Z');

describe(ProfileRolesService.name, () => {
  let fake: FakeDatabase;
  let roleAssignments: { giveDirectly: jest.Mock; take: jest.Mock };
  let sut: ProfileRolesService;

  beforeEach(() => {
    jest.useFakeTimers({ now: NOW });
    fake = new FakeDatabase()
      .profiles(personProfile(1))
      .given(RoleEntity, { id: 3 })
      .given(ProfileRoleEntity, { id: 40, profileId: 1, roleId: 3, source: 'Direct' });
    roleAssignments = {
      giveDirectly: jest.fn().mockResolvedValue({ id: 40, created: false }),
      take: jest.fn().mockResolvedValue(true),
    };
    sut = new ProfileRolesService(
      fake.dataSource,
      roleAssignments as Partial<RoleAssignments> as RoleAssignments,
    );
  });

  afterEach(() => jest.useRealTimers());

  it('answers 404 for an unknown profile, then for an unknown role, and gives nothing', async () => {
    await expect(sut.upsert(99, 3, { createdBy: 'test' })).rejects.toMatchObject({
      code: 'PROFILE.NOT_FOUND',
    });
    await expect(sut.upsert(1, 99, { createdBy: 'test' })).rejects.toMatchObject({
      code: 'ROLE.NOT_FOUND',
      message: 'No role has the id 99.',
    });
    expect(roleAssignments.giveDirectly).not.toHaveBeenCalled();
  });

  it('gives the role directly from the validityStartStamp sent, or now, and answers the link', async () => {
    const upserted = await sut.upsert(1, 3, {
      validityStartStamp: '2026-05-01T00:00:00.000Z',
      createdBy: 'test',
    });
    await sut.upsert(1, 3, { createdBy: 'test' });

    expect(upserted).toMatchObject({ created: false, record: { id: 40, roleId: 3 } });
    expect(roleAssignments.giveDirectly.mock.calls).toEqual([
      [fake.manager, 1, 3, new Date('2026-05-01T00:00:00.000Z'), 'test'],
      [fake.manager, 1, 3, NOW, 'test'],
    ]);
  });

  it('answers 404 for a role the profile does not hold', async () => {
    roleAssignments.take.mockResolvedValue(false);

    await expect(sut.delete(1, 3)).rejects.toMatchObject({
      code: 'PROFILE_ROLE.NOT_FOUND',
      message: 'The profile 1 does not hold the role 3.',
    });
    await expect(sut.delete(99, 3)).rejects.toMatchObject({ code: 'PROFILE.NOT_FOUND' });
    await expect(sut.get(1, 3)).rejects.toMatchObject({ code: 'PROFILE_ROLE.NOT_FOUND' });
  });
});
