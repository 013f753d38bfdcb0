import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

import { errors, exportJWK, generateKeyPair, type JWK, type KeyLike, SignJWT } from 'jose';

import { ServiceUnavailableError, UnauthenticatedError } from '@portal/problem-details';

import { mintDevelopmentToken } from './dev-token';
import { JwtVerifier } from './jwt-verifier';
import { KeySetUnavailableError, ProviderKeySet } from './provider-key-set';

const ISSUER = 'https://login.example.ch/realms/portal';
const AUDIENCE = 'portal-api';

type ProviderMode = 'up' | 'failing' | 'stalled';

/**
 * An identity provider's key endpoint that a test can make fail (500) or stall (never answers),
 * or take away altogether (connections refused).
 */
class FakeProvider {
  mode: ProviderMode = 'up';
  fetches = 0;
  private readonly stalled: ServerResponse[] = [];
  private server: Server | undefined;
  port = 0;

  constructor(private readonly keys: () => JWK[]) {}

  get url(): URL {
    return new URL(`http://127.0.0.1:${this.port}/certs`);
  }

  async start(): Promise<void> {
    this.server = createServer((_request, response) => {
      this.fetches += 1;
      if (this.mode === 'stalled') return void this.stalled.push(response);
      if (this.mode === 'failing') return void response.writeHead(500).end();
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ keys: this.keys() }));
    });
    await new Promise<void>((resolve) => this.server!.listen(this.port, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }

  async stop(): Promise<void> {
    for (const response of this.stalled.splice(0)) response.destroy();
    const server = this.server;
    this.server = undefined;
    server?.closeAllConnections();
    if (server) await new Promise((resolve) => server.close(resolve));
  }
}

describe(ProviderKeySet.name, () => {
  let privateKey: KeyLike;
  let jwk: JWK;
  let provider: FakeProvider;

  beforeAll(async () => {
    const pair = await generateKeyPair('RS256');
    privateKey = pair.privateKey;
    jwk = { ...(await exportJWK(pair.publicKey)), kid: 'key-1', alg: 'RS256', use: 'sig' };
  });

  let served: JWK[];

  beforeEach(async () => {
    served = [jwk];
    provider = new FakeProvider(() => served);
    await provider.start();
  });

  afterEach(async () => {
    await provider.stop();
  });

  const sign = (subject: string) =>
    new SignJWT({ roles: ['ConfigApi_Read'] })
      .setProtectedHeader({ alg: 'RS256', kid: 'key-1' })
      .setSubject(subject)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setExpirationTime('5m')
      .sign(privateKey);

  const verifier = () =>
    new JwtVerifier({ mode: 'jwks', jwksUrl: provider.url.href, issuer: ISSUER, audience: AUDIENCE });

  const expectUnavailable = async (verification: Promise<unknown>) => {
    const error = await verification.then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(ServiceUnavailableError);
    expect(error).toMatchObject({ status: 503, code: 'AUTH.KEYS_UNAVAILABLE', retryAfterSeconds: 5 });
  };

  it.each<[string, (p: FakeProvider) => Promise<void> | void]>([
    ['is down', (p) => p.stop()],
    ['fails', (p) => void (p.mode = 'failing')],
    ['never answers', (p) => void (p.mode = 'stalled')],
  ])('answers 503, not 401, when the provider %s and the key is not known yet', async (_case, fault) => {
    await fault(provider);
    await expectUnavailable(verifier().verify(`Bearer ${await sign('alice')}`));
  });

  it('keeps verifying tokens whose keys it holds while the provider is down, and renews once it is back', async () => {
    const sut = verifier();
    expect((await sut.verify(`Bearer ${await sign('alice')}`)).subject).toBe('alice');
    await provider.stop();
    // Another token (not one remembered as verified) signed with the known key.
    expect((await sut.verify(`Bearer ${await sign('bob')}`)).subject).toBe('bob');
  });

  it('serves the known keys past their age while renewal fails, and drops a removed key once renewed', async () => {
    const sut = new ProviderKeySet(provider.url, { maxAgeMs: 0, cooldownMs: 0 });
    const header = { alg: 'RS256', kid: 'key-1' };
    const keyOf = () => sut.getKey(header, { payload: '', signature: '' });
    await expect(keyOf()).resolves.toBeDefined();
    provider.mode = 'failing';
    await expect(keyOf()).resolves.toBeDefined();
    await expect(keyOf()).resolves.toBeDefined();
    // The provider is back and no longer lists the key: a renewal (in the background) drops it.
    served = [];
    provider.mode = 'up';
    // Each read starts a renewal (maxAgeMs 0) and answers from the keys held until one completes:
    // read until one has, for at most 5 s (a round trip to the provider, longer on a busy machine).
    let dropped = false;
    for (const deadline = Date.now() + 5000; !dropped && Date.now() < deadline;) {
      dropped = await Promise.resolve(keyOf()).then(
        () => false,
        () => true,
      );
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(dropped).toBe(true);
  });

  it('fetches a rotated key it does not know yet, once per cooldown', async () => {
    const sut = new ProviderKeySet(provider.url, { cooldownMs: 60_000 });
    const header = { alg: 'RS256', kid: 'key-1' };
    await sut.getKey(header, { payload: '', signature: '' });
    expect(provider.fetches).toBe(1);
    await expect(
      sut.getKey({ alg: 'RS256', kid: 'key-2' }, { payload: '', signature: '' }),
    ).rejects.toThrow();
    // Within the cooldown, an unknown key does not make it fetch again (no amplification).
    expect(provider.fetches).toBe(1);
  });

  it('answers 503 with Retry-After for an unknown key during the cooldown after a failed fetch, until a fetch succeeds', async () => {
    const sut = new ProviderKeySet(provider.url, { cooldownMs: 30_000 });
    const keyOf = (kid: string) => sut.getKey({ alg: 'RS256', kid }, { payload: '', signature: '' });
    const start = Date.now();
    const clock = jest.spyOn(Date, 'now').mockReturnValue(start);
    try {
      await expect(keyOf('key-1')).resolves.toBeDefined();
      provider.mode = 'failing';
      clock.mockReturnValue(start + 31_000);
      await expect(keyOf('key-2')).rejects.toBeInstanceOf(KeySetUnavailableError);
      expect(provider.fetches).toBe(2);
      // Within the cooldown after that failed fetch: still the provider's outage, without a fetch.
      clock.mockReturnValue(start + 41_000);
      await expect(keyOf('key-2')).rejects.toMatchObject({
        status: 503,
        code: 'AUTH.KEYS_UNAVAILABLE',
        retryAfterSeconds: 20,
      });
      expect(provider.fetches).toBe(2);
      // The known key keeps serving meanwhile.
      await expect(keyOf('key-1')).resolves.toBeDefined();
      // Once a fetch succeeds, a key the provider does not list is the token's fault again.
      provider.mode = 'up';
      clock.mockReturnValue(start + 62_000);
      await expect(keyOf('key-2')).rejects.toBeInstanceOf(errors.JWKSNoMatchingKey);
      clock.mockReturnValue(start + 63_000);
      const error = await Promise.resolve(keyOf('key-3')).then(
        () => undefined,
        (reason: unknown) => reason,
      );
      expect(error).toBeInstanceOf(errors.JWKSNoMatchingKey);
      expect(provider.fetches).toBe(3);
    } finally {
      clock.mockRestore();
    }
  });

  it('fetches once for many concurrent first tokens', async () => {
    const sut = verifier();
    const tokens = await Promise.all(['a', 'b', 'c', 'd'].map(sign));
    await Promise.all(tokens.map((token) => sut.verify(`Bearer ${token}`)));
    expect(provider.fetches).toBe(1);
  });

  it('is a KeySetUnavailableError, which the problem renderer answers 503 with Retry-After', () => {
    expect(new KeySetUnavailableError()).toBeInstanceOf(ServiceUnavailableError);
  });
});

describe('AUTH_MAX_TOKEN_LIFETIME', () => {
  const secret = 'a-secret-of-at-least-32-characters-for-tests';

  it('refuses a token whose expiry lies further ahead than the service accepts', async () => {
    const sut = new JwtVerifier({ mode: 'secret', secret, maxTokenLifetimeSeconds: 3600 });
    const forEver = await new SignJWT({ roles: ['ConfigApi_Read'] })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime(1e300)
      .sign(Buffer.from(secret));
    await expect(sut.verify(`Bearer ${forEver}`)).rejects.toThrow(
      new UnauthenticatedError('The token expires further ahead than the 3600 s this service accepts.'),
    );
    const hour = await mintDevelopmentToken({ secret, roles: ['ConfigApi_Read'], expiresInSeconds: 3000 });
    await expect(sut.verify(`Bearer ${hour}`)).resolves.toMatchObject({ subject: expect.any(String) });
  });
});
