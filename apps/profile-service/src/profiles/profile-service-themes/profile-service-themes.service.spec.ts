/**
 * ProfileServiceThemesService's rule without a database: an unknown profile is a 404 before any
 * theme is read, and the procuration management view keeps the themes of procuration-available
 * services only. Which themes a profile reaches is SQL (the reach condition), the
 * profile-services e2e suite's.
 */
import { ServiceThemeEntity } from '../../catalogue/service-themes/service-theme.entity';
import { FakeDatabase, personProfile } from '../../common/testing/fake-database';
import { ProfileServiceThemesService } from './profile-service-themes.service';

describe(ProfileServiceThemesService.name, () => {
  let fake: FakeDatabase;
  let sut: ProfileServiceThemesService;

  /** The theme list's condition on the services of a theme. */
  const serviceCondition = (): string => String(fake.callsOf('builder.where')[0]?.args[0]);

  beforeEach(() => {
    fake = new FakeDatabase().profiles(personProfile(1)).selects(ServiceThemeEntity, [[], 0]);
    sut = new ProfileServiceThemesService(fake.dataSource);
  });

  it('answers 404 for an unknown profile before reading any theme', async () => {
    await expect(sut.list(99, {})).rejects.toMatchObject({ code: 'PROFILE.NOT_FOUND' });
    expect(fake.calls.filter((call) => call.method.startsWith('builder.'))).toEqual([]);
  });

  it('keeps only procuration-available services for the procuration management view', async () => {
    await sut.list(1, { IsForProcurationManagementView: true });

    expect(serviceCondition()).toContain('AND theme_service.is_procuration_available');
  });

  it.each([false, undefined])('keeps every reached service otherwise (%s)', async (view) => {
    await sut.list(1, { IsForProcurationManagementView: view });

    expect(serviceCondition()).toContain('theme_service.service_theme_id = theme.id');
    expect(serviceCondition()).not.toContain('is_procuration_available');
  });
});
