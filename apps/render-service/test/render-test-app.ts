import { copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { loadEnv } from '@portal/env';
import {
  startTestApp,
  TestClient,
  testLogger,
  type TestRequest,
  testToken,
  UNLIMITED_RATES,
} from '@portal/testing';

import { createRenderApp } from '../src/render-app';
import type { RenderTestSeams } from '../src/render-core.module';
import { RENDER_ENV_DEFAULTS, RenderEnvironment } from '../src/render-environment';

export const TENANT_PATH = '/demo/v10-0';
export const RENDER = `${TENANT_PATH}/render`;
export const TEMPLATES = `${TENANT_PATH}/templates`;

/** render-service on a database of the suite's own, with clients for each kind of caller. */
export async function startRenderService(
  label: string,
  env: Record<string, string> = {},
  seams: RenderTestSeams = {},
) {
  const running = await startTestApp({
    label,
    environment: RenderEnvironment,
    defaults: RENDER_ENV_DEFAULTS,
    // A deadline no test's render comes near on a loaded machine; the deadline tests set their own.
    env: { RENDER_WORKERS: '2', RENDER_TIMEOUT_MS: '60000', ...env },
    createApp: (context) => createRenderApp({ ...context, seams }),
  });
  const client = new TestClient(running.baseUrl);
  return {
    ...running,
    anonymous: client,
    renderer: client.withToken(await testToken(['RenderApi_Render'])),
    /** Another caller (token subject): renders take turns by caller, each holding all workers but one. */
    otherRenderer: client.withToken(await testToken(['RenderApi_Render'], { subject: 'other-caller' })),
    editor: client.withToken(await testToken(['RenderApi_Templates'])),
    stranger: client.withToken(await testToken(['ConfigApi_Read'])),
  };
}

export type RenderService = Awaited<ReturnType<typeof startRenderService>>;

/** Another instance of the service on the same database, as a second replica would run. */
export async function startReplica(of: RenderService, env: Record<string, string> = {}) {
  const replicaEnv = loadEnv(
    RenderEnvironment,
    {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      RENDER_WORKERS: '2',
      RENDER_TIMEOUT_MS: '60000',
      ...UNLIMITED_RATES,
      ...env,
    },
    RENDER_ENV_DEFAULTS,
  );
  const app = await createRenderApp({
    env: replicaEnv,
    databaseUrl: of.database.url,
    logger: testLogger('render_replica', replicaEnv.LOG_LEVEL),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.getHttpServer().address();
  const client = new TestClient(
    `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
  );
  return {
    app,
    renderer: client.withToken(await testToken(['RenderApi_Render'])),
    editor: client.withToken(await testToken(['RenderApi_Templates'])),
    close: () => app.close(),
  };
}

export interface RenderBody {
  inputFormat?: unknown;
  outputFormat?: unknown;
  data?: unknown;
  rendererOptions?: unknown;
  templateData?: unknown;
  templateName?: unknown;
}

/** POSTs a render; `bytes` holds the document, `body` the problem of an error status. */
export function render(client: TestClient, body: RenderBody, request: TestRequest = {}) {
  return client.post<Record<string, any>>(RENDER, body, request);
}

/** `data` and `rendererOptions` travel as JSON text. */
export const json = (value: unknown): string => JSON.stringify(value);

/**
 * A FONTS_DIR with a second family, `Liberation` (Regular, Bold, Italic, BoldItalic): the Liberation
 * Sans files pdf.js ships. The caller removes the folder.
 */
export function liberationFontsDir(): string {
  const fontsDir = mkdtempSync(path.join(tmpdir(), 'render-fonts-'));
  const liberation = path.join(path.dirname(require.resolve('pdfjs-dist/package.json')), 'standard_fonts');
  for (const style of ['Regular', 'Bold', 'Italic', 'BoldItalic'])
    copyFileSync(
      path.join(liberation, `LiberationSans-${style}.ttf`),
      path.join(fontsDir, `Liberation-${style}.ttf`),
    );
  return fontsDir;
}
