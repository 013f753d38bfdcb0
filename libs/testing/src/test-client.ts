import { DEVELOPMENT_JWT_SECRET, mintDevelopmentToken } from '@portal/auth';

import { recordContractCheck } from './contract-validation';

export interface TestResponse<T = unknown> {
  readonly status: number;
  readonly headers: Headers;
  readonly body: T;
  readonly text: string;
  /** The body as received, for binary responses. */
  readonly bytes: Uint8Array;
}

export interface TestRequest {
  readonly body?: unknown;
  /** Sent as is, for malformed bodies. */
  readonly rawBody?: string | Buffer;
  readonly contentType?: string;
  readonly token?: string | null;
  readonly headers?: Record<string, string>;
}

/**
 * Speaks HTTP to a service started on a real port, as a client team would, and checks each
 * response against the service's committed OpenAPI document (contract-validation).
 */
export class TestClient {
  constructor(
    readonly baseUrl: string,
    private readonly defaultToken?: string,
  ) {}

  withToken(token: string | null): TestClient {
    return new TestClient(this.baseUrl, token ?? undefined);
  }

  get<T = unknown>(path: string, request: TestRequest = {}): Promise<TestResponse<T>> {
    return this.send<T>('GET', path, request);
  }

  head(path: string, request: TestRequest = {}): Promise<TestResponse<string>> {
    return this.send<string>('HEAD', path, request);
  }

  post<T = unknown>(path: string, body?: unknown, request: TestRequest = {}): Promise<TestResponse<T>> {
    return this.send<T>('POST', path, { body, ...request });
  }

  put<T = unknown>(path: string, body?: unknown, request: TestRequest = {}): Promise<TestResponse<T>> {
    return this.send<T>('PUT', path, { body, ...request });
  }

  patch<T = unknown>(path: string, body?: unknown, request: TestRequest = {}): Promise<TestResponse<T>> {
    return this.send<T>('PATCH', path, { body, ...request });
  }

  delete<T = unknown>(path: string, request: TestRequest = {}): Promise<TestResponse<T>> {
    return this.send<T>('DELETE', path, request);
  }

  async send<T>(method: string, path: string, request: TestRequest): Promise<TestResponse<T>> {
    const headers: Record<string, string> = { ...request.headers };
    const token = request.token === undefined ? this.defaultToken : request.token;
    if (token) headers['authorization'] = `Bearer ${token}`;
    let payload: string | Buffer | undefined = request.rawBody;
    if (payload === undefined && request.body !== undefined) payload = JSON.stringify(request.body);
    if (payload !== undefined) headers['content-type'] = request.contentType ?? 'application/json';
    const response = await fetchReusingOnce(`${this.baseUrl}${path}`, { method, headers, body: payload });
    const bytes = new Uint8Array(await response.arrayBuffer());
    const text = new TextDecoder().decode(bytes);
    // Every response is checked against the service's OpenAPI document; a mismatch fails the test.
    recordContractCheck({
      method,
      url: path,
      status: response.status,
      contentType: response.headers.get('content-type'),
      text,
    });
    const isJson = /json/.test(response.headers.get('content-type') ?? '');
    return {
      status: response.status,
      headers: response.headers,
      text,
      bytes,
      body: (isJson && text ? JSON.parse(text) : text) as T,
    };
  }
}

/**
 * fetch, sent again once when the connection is reset before any answer. fetch reuses idle
 * keep-alive connections; on a loaded machine the service's keep-alive timer (in the same process
 * as the test, behind timers made late by the test's own work) can close one just as the next
 * request leaves on it. Browsers send a request again on a reused connection that closes so; a
 * test that checks resets speaks through its own client (rolling-restart.ts).
 */
async function fetchReusingOnce(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause;
    if (cause?.code !== 'ECONNRESET') throw error;
    return fetch(url, init);
  }
}

/** A token signed with the development secret, as `npm run token` mints it. */
export function testToken(
  roles: readonly string[],
  overrides: { expiresInSeconds?: number; secret?: string; subject?: string } = {},
): Promise<string> {
  return mintDevelopmentToken({
    secret: overrides.secret ?? DEVELOPMENT_JWT_SECRET,
    roles,
    subject: overrides.subject ?? 'test',
    expiresInSeconds: overrides.expiresInSeconds,
  });
}
