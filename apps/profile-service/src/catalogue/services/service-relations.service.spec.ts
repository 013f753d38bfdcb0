/**
 * ServiceRelationsService's rules without a database: an unknown service, role or client is a
 * 404, and so is a part that is not there; a service role is visible unless said, and only a new
 * or deleted link (never a change of isVisible) changes who reaches the service; a survey's
 * defaults.
 *
 * Left to the e2e suites (catalogue, procuration-sync): the unique indexes of the links, the lock
 * on the service, what the procurations hold after a reach change.
 */
import { FakeDatabase } from '../../common/testing/fake-database';
import { upsertLink } from '../../common/upsert';
import { ClientEntity } from '../../reference-data/clients/client.entity';
import { RoleEntity } from '../../reference-data/roles/role.entity';
import { onServiceReachChanged } from '../../service-reach/reach-changes';
import { ServiceClientEntity } from './entities/service-client.entity';
import { ServiceRoleEntity } from './entities/service-role.entity';
import { ServiceEntity } from './entities/service.entity';
import { SurveyEntity } from './entities/survey.entity';
import { ServiceRelationsService } from './service-relations.service';
import { ServicesService } from './services.service';

jest.mock('../../common/upsert');
jest.mock('../../service-reach/reach-changes');

describe(ServiceRelationsService.name, () => {
  let fake: FakeDatabase;
  let sut: ServiceRelationsService;

  beforeEach(() => {
    fake = new FakeDatabase()
      .given(ServiceEntity, { id: 7 })
      .given(RoleEntity, { id: 3 })
      .given(ClientEntity, { id: 5 });
    jest.mocked(upsertLink).mockImplementation(fake.upsertLink);
    sut = new ServiceRelationsService(fake.dataSource, new ServicesService(fake.dataSource));
  });

  it('answers 404 for an unknown service before anything else, then for an unknown role or client', async () => {
    await expect(sut.upsertRole(99, 99, { createdBy: 'test' })).rejects.toMatchObject({
      code: 'SERVICE.NOT_FOUND',
    });
    await expect(sut.upsertRole(7, 99, { createdBy: 'test' })).rejects.toMatchObject({
      code: 'ROLE.NOT_FOUND',
      message: 'No role has the id 99.',
    });
    await expect(sut.upsertClient(7, 99, 'test')).rejects.toMatchObject({ code: 'CLIENT.NOT_FOUND' });
    await expect(
      sut.upsertSurvey(99, { surveyUrl: 'https://x.ch', createdBy: 'test' }),
    ).rejects.toMatchObject({
      code: 'SERVICE.NOT_FOUND',
    });
    expect(upsertLink).not.toHaveBeenCalled();
  });

  it('links a role as visible unless said, and changes who reaches the service only when the link is new', async () => {
    const first = await sut.upsertRole(7, 3, { createdBy: 'test' });
    const second = await sut.upsertRole(7, 3, { isVisible: false, createdBy: 'test' });

    expect([first.created, first.record.isVisible, second.created, second.record.isVisible]).toEqual([
      true,
      true,
      false,
      false,
    ]);
    expect(jest.mocked(onServiceReachChanged).mock.calls).toEqual([
      [fake.manager, { kind: 'serviceRoles', serviceId: 7, roleId: 3 }],
    ]);
  });

  it('unlinks a role and changes who reaches the service; a role that does not grant it is a 404', async () => {
    fake.given(ServiceRoleEntity, { serviceId: 7, roleId: 3 });

    await sut.deleteRole(7, 3);
    expect(onServiceReachChanged).toHaveBeenCalledWith(fake.manager, {
      kind: 'serviceRoles',
      serviceId: 7,
      roleId: 3,
    });

    await expect(sut.deleteRole(7, 3)).rejects.toMatchObject({
      code: 'SERVICE_PART.NOT_FOUND',
      message: 'The role 3 does not grant the service 7.',
    });
    expect(onServiceReachChanged).toHaveBeenCalledTimes(1);
  });

  it('unlinks a client; a client that does not offer the service is a 404', async () => {
    fake.given(ServiceClientEntity, { serviceId: 7, clientId: 5 });

    await sut.deleteClient(7, 5);
    expect(fake.rows(ServiceClientEntity)).toEqual([]);
    await expect(sut.deleteClient(7, 5)).rejects.toMatchObject({
      message: 'The client 5 does not offer the service 7.',
    });
  });

  it('writes a survey with the defaults of what the body leaves out; a service without one answers 404', async () => {
    await expect(sut.getSurvey(7)).rejects.toMatchObject({
      code: 'SURVEY.NOT_FOUND',
      message: 'The service 7 has no survey.',
    });

    await sut.upsertSurvey(7, {
      surveyUrl: 'https://survey.example.ch',
      rF_ActivationChance: 5,
      createdBy: 'test',
    });

    await expect(sut.getSurvey(7)).resolves.toMatchObject({
      surveyUrl: 'https://survey.example.ch',
      isRandomFeedbackEnabled: false,
      isSpontaneousFeedbackEnabled: false,
      rF_ActivationChance: 5,
      rF_MinDaysAfterRefused: 0,
      rF_MinDaysAfterAccepted: 0,
      sF_MinDaysAfterAccepted: 0,
    });
    await sut.deleteSurvey(7);
    await expect(sut.deleteSurvey(7)).rejects.toMatchObject({
      code: 'SERVICE_PART.NOT_FOUND',
      message: 'The service 7 has no survey.',
    });
    expect(fake.rows(SurveyEntity)).toEqual([]);
  });
});
