/**
 * Measures the service process's liveness and memory: runs with no other suite beside it (tools/jest/lanes.js).
 *
 * @lane alone
 */
import path from 'node:path';

import { describeAmplificationFuzz } from '@portal/testing';

import { RENDER_SERVICE } from '../src/render-app';

/** A canvas of 190,000 lines from a 0.4 MB request: a loop over the data draws each. */
const CANVAS = JSON.stringify({
  inputFormat: 'json',
  outputFormat: 'pdf',
  templateData:
    '{"content":[{"canvas":[{{#each n}}{"type":"line","x1":{{this}},"y1":0,"x2":100,"y2":100}{{#unless @last}},{{/unless}}{{/each}}]}]}',
  data: { n: Array<number>(190_000).fill(1) },
});

/** A 9 MB pdfmake document of text lines, as an inline json template. */
const LARGE_JSON = JSON.stringify({
  inputFormat: 'json',
  outputFormat: 'pdf',
  templateData: JSON.stringify({
    content: Array.from({ length: 200_000 }, (_, index) => ({ text: `Zeile ${index} einer langen Liste` })),
  }),
});

describeAmplificationFuzz({
  service: 'render-service',
  openApiFile: path.join(__dirname, '..', 'openapi.json'),
  roles: ['RenderApi_Render', 'RenderApi_Templates'],
  // The pod's memory budget (deploy/base/render-service/runtime.env) applies as it does in the cluster.
  limits: { bodyBytes: RENDER_SERVICE.bodyLimitBytes, bodyElements: RENDER_SERVICE.bodyLimitElements },
  extra: [
    { what: 'a 190,000-line canvas', method: 'POST', path: '/v10-0/render', body: CANVAS, atOnce: 2 },
    {
      what: `a ${Math.round(LARGE_JSON.length / 1e6)} MB json document`,
      method: 'POST',
      path: '/v10-0/render',
      body: LARGE_JSON,
      atOnce: 3,
    },
  ],
});
