/**
 * RolesService's own rule on top of the generic CRUD (common/crud/crud.service.spec): the citizen
 * role (CITIZEN_ROLE_NAME, any case) can be neither renamed nor deleted, as new person profiles
 * receive it by name. The foreign keys that keep a held role are the reference-data e2e suite's.
 */
import { FakeDatabase } from '../../common/testing/fake-database';
import type { ProfileEnvironment } from '../../profile-environment';
import { RoleEntity } from './role.entity';
import { RolesService } from './roles.service';

describe(RolesService.name, () => {
  let fake: FakeDatabase;
  let sut: RolesService;
  const renamed = (name: string) => ({ name, displayName: name, updatedBy: 'editor' });

  beforeEach(() => {
    fake = new FakeDatabase().given(
      RoleEntity,
      { id: 1, name: 'CITIZEN', displayName: 'Citizen' },
      { id: 2, name: 'Clerk', displayName: 'Clerk' },
    );
    sut = new RolesService(fake.dataSource, { CITIZEN_ROLE_NAME: 'Citizen' } as ProfileEnvironment);
  });

  it('refuses to rename the citizen role, whatever the case of its name', async () => {
    await expect(sut.update(1, renamed('Resident'))).rejects.toMatchObject({
      code: 'ROLE.CITIZEN_ROLE',
      errors: {
        name: ["The citizen role 'CITIZEN' cannot be renamed: new person profiles receive it by name."],
      },
    });
    expect(fake.rows(RoleEntity)[0].name).toBe('CITIZEN');
  });

  it('lets the citizen role change the case of its name and its other fields, and any other role be renamed', async () => {
    const recased = { ...renamed('citizen'), displayName: 'Bürger' };
    await sut.update(1, recased);
    await sut.update(2, renamed('Resident'));

    expect(fake.rows(RoleEntity).map((role) => [role.name, role.displayName])).toEqual([
      ['citizen', 'Bürger'],
      ['Resident', 'Resident'],
    ]);
  });

  it('refuses to delete the citizen role, and deletes another', async () => {
    await expect(sut.delete(1)).rejects.toMatchObject({
      code: 'ROLE.CITIZEN_ROLE',
      errors: { roleId: [expect.stringContaining('cannot be deleted')] },
    });
    await sut.delete(2);

    expect(fake.rows(RoleEntity).map((role) => role.id)).toEqual([1]);
  });
});
