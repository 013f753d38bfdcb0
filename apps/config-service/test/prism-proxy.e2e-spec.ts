// config-service behind the validating proxy a frontend developer puts in front of it
// (`prism proxy --errors apps/config-service/openapi.json http://localhost:3001/demo`).
import { readFileSync } from 'node:fs';
import path from 'node:path';

import { describeThroughPrism } from '@portal/testing';

import { startConfigService } from './config-test-app';

const DOCUMENT = path.join(__dirname, '..', 'openapi.json');
interface Examples {
  paths: Record<
    string,
    { post: { requestBody: { content: Record<string, { examples: Record<string, { value: object }> }> } } }
  >;
}
/** The create example of the document, under a name of its own. */
const created = {
  ...(JSON.parse(readFileSync(DOCUMENT, 'utf8')) as Examples).paths['/v10-0/ui-templates'].post.requestBody
    .content['application/json'].examples['canton'].value,
  name: 'prism-proxy-canton',
};

describeThroughPrism({
  service: 'config-service',
  document: DOCUMENT,
  // The demo UI template, as on `npm start`.
  start: () => startConfigService('config_prism', { SEED_DEMO_DATA: 'auto' }),
  roles: ['ConfigApi_Write'],
  requests: [
    { method: 'GET', url: '/v10-0/ui-templates?PageSize=5&OrderBy=name%20desc', status: 200 },
    { method: 'GET', url: '/v10-0/ui-templates/canton-demo', status: 200 },
    { method: 'GET', url: '/v10-0/ui-templates/canton-demo/branding', status: 200 },
    { method: 'GET', url: '/v9-1/ui-templates/canton-demo', status: 200 },
    { method: 'HEAD', url: '/v10-0/ui-templates', status: 200 },
    { method: 'HEAD', url: '/v10-0/ui-templates/canton-demo', status: 200 },
    { method: 'HEAD', url: '/v10-0/audit-events', status: 200 },
    { method: 'POST', url: '/v10-0/ui-templates', body: created, status: 201 },
    { method: 'GET', url: '/v10-0/ui-templates/prism-proxy-canton', status: 200 },
    // Problems: an unknown template, a name already taken.
    { method: 'GET', url: '/v10-0/ui-templates/no-such-template', status: 404 },
    { method: 'POST', url: '/v10-0/ui-templates', body: created, status: 400 },
  ],
});
