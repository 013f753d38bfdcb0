/**
 * OrgCategoryRolesService's rules without a database: an unknown category or role is a 404; a
 * linked role is given to the category's organizations (on every PUT: those that lack it still
 * receive it), and an unlinked one taken from them; a role the category does not have is a 404
 * that takes nothing.
 *
 * Left to the e2e suites (reference-data, profile-roles): which organizations receive or lose the
 * role (RoleAssignments' SQL), direct roles kept, the lock on the category.
 */
import { FakeDatabase } from '../../../common/testing/fake-database';
import { upsertLink } from '../../../common/upsert';
import type { RoleAssignments } from '../../../service-reach/role-assignments.service';
import { RoleEntity } from '../../roles/role.entity';
import { OrgCategoriesService } from '../org-categories.service';
import { OrgCategoryEntity } from '../org-category.entity';
import { OrgCategoryRoleEntity } from './org-category-role.entity';
import { OrgCategoryRolesService } from './org-category-roles.service';

jest.mock('../../../common/upsert');

describe(OrgCategoryRolesService.name, () => {
  let fake: FakeDatabase;
  let roleAssignments: { giveCategoryRole: jest.Mock; takeCategoryRole: jest.Mock };
  let sut: OrgCategoryRolesService;

  beforeEach(() => {
    fake = new FakeDatabase().given(OrgCategoryEntity, { id: 4 }).given(RoleEntity, { id: 3 }, { id: 6 });
    jest.mocked(upsertLink).mockImplementation(fake.upsertLink);
    roleAssignments = {
      giveCategoryRole: jest.fn().mockResolvedValue(0),
      takeCategoryRole: jest.fn().mockResolvedValue(undefined),
    };
    sut = new OrgCategoryRolesService(
      fake.dataSource,
      new OrgCategoriesService(fake.dataSource),
      roleAssignments as Partial<RoleAssignments> as RoleAssignments,
    );
  });

  it('answers 404 for an unknown category, then for an unknown role, and gives nothing', async () => {
    await expect(sut.upsert(99, 3, 'test')).rejects.toMatchObject({ code: 'ORG_CATEGORY.NOT_FOUND' });
    await expect(sut.upsert(4, 99, 'test')).rejects.toMatchObject({ code: 'ROLE.NOT_FOUND' });
    await expect(sut.delete(99, 3)).rejects.toMatchObject({ code: 'ORG_CATEGORY.NOT_FOUND' });
    expect(roleAssignments.giveCategoryRole).not.toHaveBeenCalled();
  });

  it("gives a linked role to the category's organizations on every PUT, new link or not", async () => {
    const first = await sut.upsert(4, 3, 'test');
    const second = await sut.upsert(4, 3, 'editor');

    expect([first.created, second.created]).toEqual([true, false]);
    expect(roleAssignments.giveCategoryRole.mock.calls).toEqual([
      [fake.manager, 4, 3, 'test'],
      [fake.manager, 4, 3, 'editor'],
    ]);
  });

  it("takes an unlinked role from the category's organizations; a role it does not have is a 404", async () => {
    fake.given(OrgCategoryRoleEntity, { orgCategoryId: 4, roleId: 3 });

    await sut.delete(4, 3);
    await expect(sut.delete(4, 6)).rejects.toMatchObject({
      code: 'ORG_CATEGORY_ROLE.NOT_FOUND',
      message: 'The role 6 is not a role of the organization category 4.',
    });

    expect(roleAssignments.takeCategoryRole.mock.calls).toEqual([[fake.manager, 4, 3]]);
    expect(fake.rows(OrgCategoryRoleEntity)).toEqual([]);
  });

  it('reads a role of the category; one it does not have is a 404', async () => {
    await expect(sut.get(4, 3)).rejects.toMatchObject({ code: 'ORG_CATEGORY_ROLE.NOT_FOUND' });
    await expect(sut.get(99, 3)).rejects.toMatchObject({ code: 'ORG_CATEGORY.NOT_FOUND' });
  });
});
