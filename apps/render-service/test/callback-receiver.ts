import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';

import { testCertificate } from './test-certificate';

/** The host name the receiver's certificate is for: callback tests map it to 127.0.0.1. */
export const CALLBACK_HOST = 'callbacks.test';

export interface ReceivedCallback {
  readonly method: string;
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

/** Answers a callback, once its body is read. */
export type CallbackRoute = (callback: ReceivedCallback, response: ServerResponse) => void;

/**
 * An HTTPS receiver of render job callbacks on 127.0.0.1, with a certificate for `callbacks.test`
 * made for the run. It records every request it reads (method, path, headers, body), so that a
 * test can verify what arrived, or that nothing did; a path without a route is answered 204.
 */
export interface CallbackReceiver {
  readonly port: number;
  readonly ca: string;
  /** `callbacks.test:<port>`, as RENDER_CALLBACK_HOSTS lists it. */
  readonly host: string;
  readonly received: ReceivedCallback[];
  /** `https://<host>:<port><path>` */
  url(path: string, host?: string): string;
  route(path: string, handler: CallbackRoute): void;
  close(): Promise<void>;
}

export async function startCallbackReceiver(): Promise<CallbackReceiver> {
  const { key, cert } = testCertificate([CALLBACK_HOST]);
  const routes = new Map<string, CallbackRoute>();
  const received: ReceivedCallback[] = [];
  const server: Server = createServer({ key, cert }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const callback: ReceivedCallback = {
        method: request.method ?? '',
        path: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      received.push(callback);
      const handler = routes.get(callback.path);
      if (handler) handler(callback, response);
      else response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    ca: cert,
    host: `${CALLBACK_HOST}:${port}`,
    received,
    url: (file, host = CALLBACK_HOST) => `https://${host}:${port}${file}`,
    route: (file, handler) => routes.set(file, handler),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
