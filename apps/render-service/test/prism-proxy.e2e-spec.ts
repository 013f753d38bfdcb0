// render-service behind the validating proxy a frontend developer puts in front of it
// (`prism proxy --errors apps/render-service/openapi.json http://localhost:3002/demo`).
import { readFileSync } from 'node:fs';
import path from 'node:path';

import { describeThroughPrism } from '@portal/testing';

import { startRenderService } from './render-test-app';

const DOCUMENT = path.join(__dirname, '..', 'openapi.json');
type Body = { content: Record<string, { examples: Record<string, { value: object }> }> };
const document = JSON.parse(readFileSync(DOCUMENT, 'utf8')) as {
  paths: Record<string, Record<string, { requestBody: Body }>>;
};
const exampleOf = (template: string, method: string, key: string): object =>
  document.paths[template][method].requestBody.content['application/json'].examples[key].value;

describeThroughPrism({
  service: 'render-service',
  document: DOCUMENT,
  // The demo templates, as on `npm start`.
  start: () => startRenderService('render_prism', { RENDER_DEMO_TEMPLATES: 'true' }),
  roles: ['RenderApi_Render', 'RenderApi_Templates'],
  requests: [
    { method: 'GET', url: '/v10-0/templates?PageSize=5&OrderBy=name', status: 200 },
    { method: 'GET', url: '/v10-0/templates/demo-notice', status: 200 },
    { method: 'GET', url: '/v10-0/templates/demo-notice/versions?PageSize=2', status: 200 },
    { method: 'HEAD', url: '/v10-0/templates', status: 200 },
    { method: 'HEAD', url: '/v10-0/templates/demo-notice', status: 200 },
    { method: 'HEAD', url: '/v10-0/render-jobs', status: 200 },
    {
      method: 'PUT',
      url: '/v10-0/templates/prism-proxy-notice',
      body: exampleOf('/v10-0/templates/{templateName}', 'put', 'notice'),
      status: 201,
    },
    { method: 'POST', url: '/v10-0/render', body: exampleOf('/v10-0/render', 'post', 'letter'), status: 200 },
    // A problem: an unknown template.
    { method: 'GET', url: '/v10-0/templates/no-such-template', status: 404 },
  ],
});
