import { ListDocs, ResourceDocs } from '../../common/operation-docs';
import { ProfileIdParam } from '../../common/profile-path';

export const ProfileServiceThemesDocs = (): ClassDecorator => ResourceDocs('Services of a profile');

export const ListProfileServiceThemesDocs = (): MethodDecorator =>
  ListDocs(
    {
      summary: "List the themes of the profile's services",
      description:
        'The themes with at least one service the profile reaches (see the services of a profile).',
    },
    ProfileIdParam(),
  );
