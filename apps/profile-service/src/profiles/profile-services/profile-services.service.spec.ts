/**
 * ProfileServicesService's rules without a database: a service the profile does not reach is a
 * 404 that says whether the service exists; each one-to-many expansion asked for is read once for
 * the page (the roles that grant each service in the order reach gives them, the profile's own
 * favorites only), and none that is not asked for.
 *
 * Left to the e2e suites (profile-services): which services a profile reaches (the reach SQL),
 * the filters, order and pages.
 */
import { ServiceClientEntity } from '../../catalogue/services/entities/service-client.entity';
import { ServiceEntity } from '../../catalogue/services/entities/service.entity';
import { FakeDatabase, personProfile } from '../../common/testing/fake-database';
import { profileRolesGranting } from '../../service-reach/reach';
import { FavoriteServiceEntity } from '../favorites/favorite-service.entity';
import { ProfileRoleEntity } from '../profile-roles/profile-role.entity';
import { ProfileServicesService } from './profile-services.service';

// The SQL seam: which of the profile's roles grant each service now.
jest.mock('../../service-reach/reach', () => ({
  ...jest.requireActual('../../service-reach/reach'),
  profileRolesGranting: jest.fn(),
}));

describe(ProfileServicesService.name, () => {
  let fake: FakeDatabase;
  let sut: ProfileServicesService;
  const reached = Object.assign(new ServiceEntity(), { id: 7 });

  beforeEach(() => {
    fake = new FakeDatabase()
      .profiles(personProfile(1))
      .answer(/SELECT 1 FROM service WHERE id = \$1/, (values) => (values[0] === 8 ? [{}] : []));
    sut = new ProfileServicesService(fake.dataSource);
  });

  it('tells a service the profile does not reach from one that does not exist, both 404s', async () => {
    await expect(sut.get(1, 8, {})).rejects.toMatchObject({
      code: 'PROFILE_SERVICE.NOT_FOUND',
      message: 'The profile 1 does not reach the service 8: no role it holds grants it.',
    });
    await expect(sut.get(1, 9, {})).rejects.toMatchObject({
      code: 'PROFILE_SERVICE.NOT_FOUND',
      message: 'No service has the id 9.',
    });
    await expect(sut.get(99, 7, {})).rejects.toMatchObject({ code: 'PROFILE.NOT_FOUND' });
  });

  it('reads no part of a service it is not asked to expand', async () => {
    fake.selects(ServiceEntity, reached);

    const { parts } = await sut.get(1, 7, {});

    expect(fake.calls.map((call) => call.method).filter((method) => !method.startsWith('builder.'))).toEqual([
      'query',
    ]);
    expect(parts.profileRoles.size + parts.favorites.size + parts.serviceClients.size).toBe(0);
  });

  it('expands the roles that grant the service in the order reach gives them', async () => {
    fake
      .selects(ServiceEntity, reached)
      .given(ProfileRoleEntity, { id: 40, profileId: 1, roleId: 3 }, { id: 41, profileId: 1, roleId: 4 });
    jest.mocked(profileRolesGranting).mockResolvedValue(new Map([[7, [41, 40]]]));

    const { parts } = await sut.get(1, 7, { Expand: ['ProfileRoles'] });

    expect(profileRolesGranting).toHaveBeenCalledWith(fake.manager, 1, [7]);
    expect(parts.profileRoles.get(7)?.map((role) => role.id)).toEqual([41, 40]);
  });

  it("expands the profile's own favorite only, and the service's clients", async () => {
    fake
      .selects(ServiceEntity, reached)
      .given(
        FavoriteServiceEntity,
        { profileId: 1, serviceId: 7, representativeProfileId: null, delegatorProfileId: null, sortOrder: 1 },
        { profileId: 1, serviceId: 7, representativeProfileId: 2, delegatorProfileId: null, sortOrder: 5 },
      )
      .given(ServiceClientEntity, { serviceId: 7, clientId: 2 }, { serviceId: 8, clientId: 3 });

    const { parts } = await sut.get(1, 7, { Expand: ['FavoriteService', 'ServiceClients'] });

    expect(parts.favorites.get(7)?.sortOrder).toBe(1);
    expect(parts.serviceClients.get(7)?.map((link) => link.clientId)).toEqual([2]);
  });
});
