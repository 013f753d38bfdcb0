// profile-service behind the validating proxy a frontend developer puts in front of it
// (`prism proxy --errors apps/profile-service/openapi.json http://localhost:3000/demo`): reads,
// comma-separated and repeated arrays, HEAD, a create and problems pass with no violation.
import path from 'node:path';

import { describeThroughPrism, startTestApp } from '@portal/testing';

import { createProfileApp } from '../src/profile-app';
import { PROFILE_ENV_DEFAULTS, ProfileEnvironment } from '../src/profile-environment';

const CLIENT = { name: 'prism-proxy-app', displayName: 'clients.prismProxyApp', createdBy: 'prism' };

describeThroughPrism({
  service: 'profile-service',
  document: path.join(__dirname, '..', 'openapi.json'),
  // The demo catalogue and profiles, as on `npm start`.
  start: () =>
    startTestApp({
      label: 'profile_prism',
      environment: ProfileEnvironment,
      defaults: PROFILE_ENV_DEFAULTS,
      env: { SEED_DEMO_PROFILES: 'auto' },
      createApp: createProfileApp,
    }),
  roles: ['ProfileApi_Max'],
  requests: [
    { method: 'GET', url: '/v10-0/profiles?PageSize=2&OrderBy=createStamp%20desc', status: 200 },
    { method: 'GET', url: '/v10-0/profiles/1', status: 200 },
    { method: 'GET', url: '/v10-0/profiles/1?Expand=Person,Organization', status: 200 },
    { method: 'GET', url: '/v10-0/profiles/1?Expand=Person&Expand=Organization', status: 200 },
    { method: 'GET', url: '/v10-0/profiles?Ids=1,2&Select=email,isEnabled', status: 200 },
    { method: 'GET', url: '/v10-0/profiles?Ids=1&Ids=2&Select=email&Select=isEnabled', status: 200 },
    { method: 'GET', url: '/v10-0/profiles?PageSize=5&Expand=Person&Expand=Organization', status: 200 },
    {
      method: 'GET',
      url: '/v10-0/profiles/1/outbound-procurations?Expand=PrincipalProfile,RepresentativeProfile',
      status: 200,
    },
    { method: 'GET', url: '/v9-1/profiles/1?Expand=Person,Organization', status: 200 },
    { method: 'GET', url: '/v10-0/services?PageSize=3&Select=name,externalId', status: 200 },
    { method: 'HEAD', url: '/v10-0/profiles?PageSize=1', status: 200 },
    { method: 'HEAD', url: '/v10-0/profiles/1?Expand=Person,Organization', status: 200 },
    { method: 'HEAD', url: '/v10-0/clients', status: 200 },
    { method: 'HEAD', url: '/v9-1/services/1', status: 200 },
    { method: 'POST', url: '/v10-0/clients', body: CLIENT, status: 201 },
    // Problems: an unknown profile, a name already taken.
    { method: 'GET', url: '/v10-0/profiles/999999', status: 404 },
    { method: 'HEAD', url: '/v10-0/profiles/999999', status: 404 },
    { method: 'POST', url: '/v10-0/clients', body: CLIENT, status: 400 },
  ],
});
