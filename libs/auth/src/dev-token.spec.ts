import { decodeJwt, decodeProtectedHeader } from 'jose';

import { mintDevelopmentToken } from './dev-token';

describe(mintDevelopmentToken.name, () => {
  const secret = 'a-test-secret-of-more-than-32-characters';

  it('mints an HS256 token with the roles, a subject and a 12-hour lifetime by default', async () => {
    const token = await mintDevelopmentToken({ secret, roles: ['A', 'B'] });

    const claims = decodeJwt(token);
    expect(decodeProtectedHeader(token)).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(claims).toMatchObject({ roles: ['A', 'B'], sub: 'developer' });
    expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(12 * 3600);
    expect(claims).not.toHaveProperty('iss');
    expect(claims).not.toHaveProperty('aud');
  });

  it('sets the subject, lifetime, issuer and audience asked for', async () => {
    const token = await mintDevelopmentToken({
      secret,
      roles: [],
      subject: 'alice',
      expiresInSeconds: 60,
      issuer: 'https://idp',
      audience: 'portal',
    });

    const claims = decodeJwt(token);
    expect(claims).toMatchObject({ sub: 'alice', iss: 'https://idp', aud: 'portal', roles: [] });
    expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(60);
  });

  it.each([
    ['', 'is empty'],
    ['  ', 'is white space only'],
    ['a\u0000b', 'contains a control character'],
  ])(
    'refuses to mint a token of the subject %p, which the services would refuse',
    async (subject, reason) => {
      await expect(mintDevelopmentToken({ secret, roles: ['A'], subject })).rejects.toThrow(
        `The token's subject (\`sub\` claim) ${reason}.`,
      );
    },
  );
});
