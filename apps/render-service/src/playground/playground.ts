import { readFileSync } from 'node:fs';
import path from 'node:path';

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import { ifNoneMatchMatches, strongEtagOf } from '@portal/http-context';

import { escapeHtmlCharacters } from '../engine/common/html-characters';
import { helperReferenceHtml } from '../engine/template/helper-reference';

/** Where the page lives, outside the tenant prefix like /docs (contract 8). */
export const PLAYGROUND_PATH = '/playground';

interface Asset {
  readonly body: Buffer;
  readonly contentType: string;
  readonly etag: string;
}

const ASSETS_DIR = path.join(__dirname, 'assets');

function asset(file: string, contentType: string, text?: string): Asset {
  const body = Buffer.from(text ?? readFileSync(path.join(ASSETS_DIR, file), 'utf8'), 'utf8');
  return { body, contentType, etag: strongEtagOf(body) };
}

/**
 * Serves the template playground: `GET /playground` (the page), `/playground/playground.js` and
 * `/playground/playground.css`. The page needs no token to load; it calls the public API under
 * `apiBase` with the token its user pastes. Registered only where RENDER_PLAYGROUND allows it.
 */
export function registerPlayground(fastify: FastifyInstance, options: { apiBase: string }): void {
  // The helper reference is the one the OpenAPI description gives (engine/template/helper-reference.ts).
  const page = readFileSync(path.join(ASSETS_DIR, 'playground.html'), 'utf8')
    .replace('%API_BASE%', escapeHtmlCharacters(options.apiBase))
    .replace('%HELPER_REFERENCE%', helperReferenceHtml());
  const assets: Record<string, Asset> = {
    [PLAYGROUND_PATH]: asset('playground.html', 'text/html; charset=utf-8', page),
    [`${PLAYGROUND_PATH}/playground.js`]: asset('playground.js', 'text/javascript; charset=utf-8'),
    [`${PLAYGROUND_PATH}/playground.css`]: asset('playground.css', 'text/css; charset=utf-8'),
  };
  for (const [url, served] of Object.entries(assets)) {
    fastify.get(url, (request: FastifyRequest, reply: FastifyReply) => {
      // The content security policy, nosniff and the referrer policy are the service runtime's,
      // as for /docs (CONTENT_SECURITY_POLICIES.page): script and style sheets from 'self' only.
      void reply
        .header('content-type', served.contentType)
        .header('cache-control', 'no-cache')
        .header('etag', served.etag);
      if (ifNoneMatchMatches(request.headers['if-none-match'], served.etag)) void reply.status(304).send();
      else void reply.status(200).send(served.body);
    });
  }
}
