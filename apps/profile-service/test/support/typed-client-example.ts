import createClient from 'openapi-fetch';

import type { profile } from '@portal/api-clients';

/** Registers a citizen, then reads the profile back with its person. */
export async function registerCitizen(baseUrl: string, token: string) {
  const api = createClient<profile.paths>({ baseUrl, headers: { Authorization: `Bearer ${token}` } });

  const created = await api.POST('/v10-0/profiles', {
    body: {
      email: 'anna.muster@example.ch',
      createdBy: 'registration',
      person: {
        firstname: 'Anna',
        lastname: 'Muster',
        account: { username: 'anna.muster', password: 'correct horse battery' },
      },
    },
  });
  // Errors are RFC 9457 problems, typed per status.
  if (created.error) throw new Error(`${created.error.status} ${created.error.title}`);

  const read = await api.GET('/v10-0/profiles/{profileId}', {
    params: { path: { profileId: created.data.id }, query: { Expand: ['Person'] } },
  });
  if (read.error) throw new Error(`${read.error.status} ${read.error.title}`);
  return read.data; // profile.components['schemas']['ProfileResponse']: read.data.person?.firstname
}
