import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { exportJWK, generateKeyPair, type KeyLike, SignJWT } from 'jose';

import { UnauthenticatedError } from '@portal/problem-details';

import { JwtVerifier } from './jwt-verifier';

const ISSUER = 'https://login.example.ch/realms/portal';
const AUDIENCE = 'portal-api';

/** An OpenID Connect provider's key endpoint, on loopback. */
describe(`${JwtVerifier.name} with a JWKS`, () => {
  let server: Server;
  let privateKey: KeyLike;
  let sut: JwtVerifier;

  beforeAll(async () => {
    const pair = await generateKeyPair('RS256');
    privateKey = pair.privateKey;
    const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'key-1', alg: 'RS256', use: 'sig' };
    server = createServer((_request, response) => {
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ keys: [jwk] }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    sut = new JwtVerifier({
      mode: 'jwks',
      jwksUrl: `http://127.0.0.1:${port}/certs`,
      issuer: ISSUER,
      audience: AUDIENCE,
    });
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  const sign = (
    claims: Record<string, unknown>,
    overrides: { issuer?: string; audience?: string; kid?: string } = {},
  ) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: overrides.kid ?? 'key-1' })
      .setSubject('keycloak-user')
      .setIssuer(overrides.issuer ?? ISSUER)
      .setAudience(overrides.audience ?? AUDIENCE)
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(privateKey);

  it("accepts the provider's token and reads Keycloak's role claims", async () => {
    const token = await sign({
      realm_access: { roles: ['ConfigApi_Read'] },
      resource_access: { portal: { roles: ['RenderApi_Render'] } },
    });

    const principal = await sut.verify(`Bearer ${token}`);

    expect(principal.subject).toBe('keycloak-user');
    expect([...principal.roles].sort()).toEqual(['ConfigApi_Read', 'RenderApi_Render']);
  });

  it.each([
    ['another issuer', { issuer: 'https://evil.example/realms/portal' }, "The token claim 'iss' is invalid."],
    ['another audience', { audience: 'another-api' }, "The token claim 'aud' is invalid."],
    ['an unknown key id', { kid: 'key-2' }, 'No known key matches the token.'],
  ])('refuses a token with %s', async (_case, overrides, message) => {
    const token = await sign({ roles: ['ConfigApi_Read'] }, overrides);

    await expect(sut.verify(`Bearer ${token}`)).rejects.toThrow(new UnauthenticatedError(message));
  });

  it('refuses an HS256 token, whatever its secret', async () => {
    const token = await new SignJWT({ roles: ['ConfigApi_Write'] })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode('a-secret-anyone-could-have-chosen-32+'));

    await expect(sut.verify(`Bearer ${token}`)).rejects.toThrow(UnauthenticatedError);
  });
});
