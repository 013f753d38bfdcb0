import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import type { Browser } from 'playwright-core';

/** Debian's Chromium (`apt-get install chromium`), which `.ci/run` installs. */
const CHROMIUM_PATHS = [process.env['CHROMIUM_PATH'], '/usr/bin/chromium', '/usr/bin/chromium-browser'];

export const chromiumPath = (): string | undefined =>
  CHROMIUM_PATHS.find((candidate): candidate is string => !!candidate && existsSync(candidate));

/**
 * A describe block for tests in a real browser. Without Chromium it fails in CI (where `.ci/run`
 * installs it) and is skipped elsewhere, saying so, so that `npm test` passes on a bare machine.
 * It runs once per CI run, in `npm test`.
 */
export function describeInBrowser(name: string, body: (browser: () => Browser) => void): void {
  const executablePath = chromiumPath();
  // CI's second pass on the embedded engine (tools/jest/e2e-embedded.js) runs again what reaches
  // the database's SQL; what a browser shows of a service does not depend on the engine.
  if (process.env['TEST_DATABASE'] === 'embedded') {
    describe.skip(name, () => body(() => undefined as unknown as Browser));
    return;
  }
  if (!executablePath && !process.env['CI']) {
    process.stdout.write(
      `\nSkipped "${name}": no Chromium (apt-get install -y chromium, or set CHROMIUM_PATH)\n`,
    );
    describe.skip(name, () => body(() => undefined as unknown as Browser));
    return;
  }
  describe(name, () => {
    let browser: Browser | undefined;
    beforeAll(async () => {
      if (!executablePath)
        throw new Error(
          'No Chromium found: CI must install it (apt-get install -y chromium) before npm test',
        );
      // Loaded here, not at the top: every suite imports @portal/testing, and Jest would compile
      // playwright-core's 7 MB of code for each of them.
      const { chromium } = await import('playwright-core');
      browser = await chromium.launch({
        executablePath,
        args: [
          '--headless',
          '--no-sandbox',
          '--disable-gpu',
          '--disable-quic',
          '--no-first-run',
          '--disable-background-networking',
          '--disable-component-update',
          '--disable-sync',
        ],
      });
    });
    afterAll(async () => {
      await browser?.close();
    });
    body(() => browser as Browser);
  });
}

export interface PageServer {
  /** `http://<host>:<port>`, the origin of the pages it serves. */
  readonly origin: string;
  close(): Promise<void>;
}

/** Serves one HTML page at `/` from its own origin (host and a free port of its own). */
export async function servePage(html: string, host = '127.0.0.1'): Promise<PageServer> {
  const server: Server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://${host}:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
