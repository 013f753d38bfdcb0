/**
 * ServicesService's own rule on top of the generic CRUD: turning `isProcurationAvailable` off or
 * on makes the procurations follow, in the update's transaction; any other change does not. What
 * the procurations then hold is SQL (service-reach/reach-changes.ts), the procuration-sync e2e
 * suite's.
 */
import { FakeDatabase } from '../../common/testing/fake-database';
import { onServiceReachChanged } from '../../service-reach/reach-changes';
import { ServiceEntity } from './entities/service.entity';
import { ServicesService } from './services.service';

jest.mock('../../service-reach/reach-changes');

describe(ServicesService.name, () => {
  let fake: FakeDatabase;
  let sut: ServicesService;
  const service = (fields: Partial<ServiceEntity>) => ({
    name: 'tax',
    displayName: 'Tax return',
    identificationLevelId: 1,
    orgIdentificationLevelId: 1,
    serviceThemeId: 1,
    updatedBy: 'editor',
    ...fields,
  });

  beforeEach(() => {
    fake = new FakeDatabase().given(ServiceEntity, { id: 7, name: 'tax', isProcurationAvailable: true });
    sut = new ServicesService(fake.dataSource);
  });

  it('tells the procurations when isProcurationAvailable changes, with its new value', async () => {
    await sut.update(7, service({ isProcurationAvailable: false }));
    await sut.update(7, service({ isProcurationAvailable: true }));

    expect(jest.mocked(onServiceReachChanged).mock.calls).toEqual([
      [fake.manager, { kind: 'procurationAvailability', serviceId: 7, isProcurationAvailable: false }],
      [fake.manager, { kind: 'procurationAvailability', serviceId: 7, isProcurationAvailable: true }],
    ]);
  });

  it('tells them nothing when it stays as it was', async () => {
    await sut.update(7, service({ isProcurationAvailable: true, displayName: 'Taxes' }));

    expect(onServiceReachChanged).not.toHaveBeenCalled();
  });
});
