import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';

import { testCertificate } from './test-certificate';

/** The host names the test certificate is for: logo tests map them to the server's address. */
export const LOGO_HOSTS = ['logos.test', 'other.test'] as const;

export type LogoRoute = (request: IncomingMessage, response: ServerResponse) => void;

/**
 * An HTTPS server of logos on 127.0.0.1, the canary of the logo tests: it records every request
 * it receives (method, path, If-None-Match), so that a test can assert that none came.
 */
export interface LogoServer {
  readonly port: number;
  readonly ca: string;
  readonly requests: Array<{ path: string; ifNoneMatch?: string }>;
  /** `https://<host>:<port><path>` */
  url(host: string, path: string): string;
  route(path: string, handler: LogoRoute): void;
  close(): Promise<void>;
}

export async function startLogoServer(): Promise<LogoServer> {
  const { key, cert } = testCertificate(LOGO_HOSTS);
  const routes = new Map<string, LogoRoute>();
  const requests: Array<{ path: string; ifNoneMatch?: string }> = [];
  const server: Server = createServer({ key, cert }, (request, response) => {
    const ifNoneMatch = request.headers['if-none-match'];
    requests.push({ path: request.url ?? '', ...(ifNoneMatch ? { ifNoneMatch } : {}) });
    const handler = routes.get(request.url ?? '');
    if (handler) handler(request, response);
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    ca: cert,
    requests,
    url: (host, file) => `https://${host}:${port}${file}`,
    route: (file, handler) => routes.set(file, handler),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A 1x1 PNG. */
export const PNG_BYTES = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
export const PNG_DATA_URI = `data:image/png;base64,${PNG_BYTES.toString('base64')}`;
