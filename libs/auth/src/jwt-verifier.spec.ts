import { SignJWT, UnsecuredJWT } from 'jose';

import { UnauthenticatedError } from '@portal/problem-details';

import { mintDevelopmentToken } from './dev-token';
import { JwtVerifier } from './jwt-verifier';

const SECRET = 'a-test-secret-of-more-than-32-characters';
const OTHER_SECRET = 'another-secret-of-more-than-32-characters';
const key = (secret: string): Uint8Array => new TextEncoder().encode(secret);
const now = (): number => Math.floor(Date.now() / 1000);

async function rejectionOf(promise: Promise<unknown>): Promise<UnauthenticatedError> {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(UnauthenticatedError);
  return error as UnauthenticatedError;
}

describe(JwtVerifier.name, () => {
  const sut = new JwtVerifier({ mode: 'secret', secret: SECRET });

  describe('rememberedPrincipal', () => {
    it('knows a token once it was verified, in any spelling of the scheme, and nothing else', async () => {
      const verifier = new JwtVerifier({ mode: 'secret', secret: SECRET });
      const token = await mintDevelopmentToken({ secret: SECRET, roles: ['R'] });

      expect(verifier.rememberedPrincipal(`Bearer ${token}`)).toBeUndefined();
      const principal = await verifier.verify(`Bearer ${token}`);
      expect(verifier.rememberedPrincipal(`Bearer ${token}`)).toBe(principal);
      expect(verifier.rememberedPrincipal(` bearer  ${token} `)).toBe(principal);
      expect(verifier.rememberedPrincipal(`Basic ${token}`)).toBeUndefined();
      expect(verifier.rememberedPrincipal(undefined)).toBeUndefined();
      expect(verifier.rememberedPrincipal('')).toBeUndefined();
    });

    it('forgets a token once it has expired', async () => {
      const verifier = new JwtVerifier({ mode: 'secret', secret: SECRET });
      const token = await mintDevelopmentToken({ secret: SECRET, roles: ['R'], expiresInSeconds: 60 });
      await verifier.verify(`Bearer ${token}`);
      const clock = jest.spyOn(Date, 'now').mockReturnValue(Date.now() + 61_000);
      try {
        expect(verifier.rememberedPrincipal(`Bearer ${token}`)).toBeUndefined();
      } finally {
        clock.mockRestore();
      }
    });
  });

  describe('valid tokens', () => {
    it('accepts a development token and gives its subject and roles', async () => {
      const token = await mintDevelopmentToken({
        secret: SECRET,
        roles: ['ConfigApi_Read', 'ProfileApi_Low'],
      });

      const principal = await sut.verify(`Bearer ${token}`);

      expect(principal.subject).toBe('developer');
      expect([...principal.roles].sort()).toEqual(['ConfigApi_Read', 'ProfileApi_Low']);
    });

    it('merges roles from roles, realm_access and every resource_access entry', async () => {
      const token = await new SignJWT({
        roles: ['A'],
        realm_access: { roles: ['B', 'A'] },
        resource_access: { x: { roles: ['C'] }, y: { roles: ['D'] } },
      })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject('user-1')
        .setExpirationTime(now() + 60)
        .sign(key(SECRET));

      const principal = await sut.verify(`Bearer ${token}`);

      expect(principal.subject).toBe('user-1');
      expect([...principal.roles].sort()).toEqual(['A', 'B', 'C', 'D']);
    });

    it('gives no roles to a token without role claims', async () => {
      const token = await new SignJWT({})
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject('user-2')
        .setExpirationTime(now() + 60)
        .sign(key(SECRET));

      const principal = await sut.verify(`Bearer ${token}`);

      expect(principal.roles.size).toBe(0);
      expect(principal.subject).toBe('user-2');
    });

    it.each([
      ['a single character', 'x'],
      ['surrounding white space, kept as it is', ' alice '],
      ['a UUID', 'f81d4fae-7dec-11d0-a765-00a0c91e6bf6'],
      ['letters beyond ASCII', 'zoë@zürich'],
      ['255 characters, some beyond the Basic Multilingual Plane', `${'😀'.repeat(5)}${'x'.repeat(250)}`],
      ['with a zero-width joiner between visible characters', 'a\u200db'],
    ])('takes a subject of %s', async (_case, sub) => {
      const token = await new SignJWT({ sub, roles: ['R'] })
        .setProtectedHeader({ alg: 'HS256' })
        .setExpirationTime(now() + 60)
        .sign(key(SECRET));

      await expect(sut.verify(`Bearer ${token}`)).resolves.toMatchObject({ subject: sub });
    });

    it.each(['bearer', 'BEARER', 'Bearer  '])('accepts the scheme written %p', async (scheme) => {
      const token = await mintDevelopmentToken({ secret: SECRET, roles: ['R'] });

      await expect(sut.verify(`${scheme} ${token}`)).resolves.toMatchObject({ subject: 'developer' });
    });
  });

  describe('invalid tokens', () => {
    it.each([undefined, ''])('rejects a missing Authorization header (%p)', async (header) => {
      const error = await rejectionOf(sut.verify(header));

      expect(error.message).toBe('The Authorization header with a bearer token is missing.');
    });

    it.each(['Basic xyz', 'Bearer', 'Bearer a b', 'Token abc', 'xyz'])(
      'rejects the Authorization header %p',
      async (header) => {
        const error = await rejectionOf(sut.verify(header));

        expect(error.message).toBe('The Authorization header must be `Bearer <token>`.');
      },
    );

    it.each(['abc.def', 'abc', 'a.b.c', 'a.b.c.d'])('rejects the malformed token %p', async (token) => {
      const error = await rejectionOf(sut.verify(`Bearer ${token}`));

      expect(error.message).toBe('The token is malformed or invalid.');
    });

    it.each([
      ['characters outside base64url appended', '~~~~'],
      ['a padding character appended', '='],
      ['a base64 (not base64url) character appended', '+/'],
    ])('rejects a signature with %s', async (_case, suffix) => {
      const token = await mintDevelopmentToken({ secret: SECRET, roles: ['R'] });
      await expect(sut.verify(`Bearer ${token}`)).resolves.toBeDefined();

      const error = await rejectionOf(sut.verify(`Bearer ${token.replace(/[^.]+$/, (s) => s + suffix)}`));

      expect(error.message).toMatch(/^The token (signature is invalid|is malformed or invalid)\.$/);
    });

    it('rejects another spelling of the same signature bytes (unused bits of its last character set)', async () => {
      const token = await mintDevelopmentToken({ secret: SECRET, roles: ['R'] });
      const signature = token.slice(token.lastIndexOf('.') + 1);
      // HS256: 32 bytes are 43 characters, the last of which carries 2 unused bits.
      expect(signature).toHaveLength(43);
      const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
      const last = alphabet.indexOf(signature.at(-1)!);
      const respelt = `${signature.slice(0, -1)}${alphabet[last ^ 1]}`;
      expect(Buffer.from(respelt, 'base64url')).toEqual(Buffer.from(signature, 'base64url'));

      const error = await rejectionOf(sut.verify(`Bearer ${token.slice(0, -43)}${respelt}`));

      expect(error.message).toBe('The token signature is invalid.');
    });

    it('rejects a token with an empty signature', async () => {
      const token = await mintDevelopmentToken({ secret: SECRET, roles: ['R'] });
      const unsigned = token.slice(0, token.lastIndexOf('.') + 1);

      const error = await rejectionOf(sut.verify(`Bearer ${unsigned}`));

      expect(error.message).toBe('The token signature is invalid.');
    });

    it('rejects a token signed with another secret', async () => {
      const token = await mintDevelopmentToken({ secret: OTHER_SECRET, roles: ['R'] });

      const error = await rejectionOf(sut.verify(`Bearer ${token}`));

      expect(error.message).toBe('The token signature is invalid.');
    });

    it('rejects a token whose payload was changed after signing', async () => {
      const token = await mintDevelopmentToken({ secret: SECRET, roles: ['R'] });
      const [header, , signature] = token.split('.');
      const forged = Buffer.from(JSON.stringify({ roles: ['Admin'], exp: now() + 60 })).toString('base64url');

      const error = await rejectionOf(sut.verify(`Bearer ${header}.${forged}.${signature}`));

      expect(error.message).toBe('The token signature is invalid.');
    });

    it('rejects an expired token', async () => {
      const token = await mintDevelopmentToken({ secret: SECRET, roles: ['R'], expiresInSeconds: -60 });

      const error = await rejectionOf(sut.verify(`Bearer ${token}`));

      expect(error.message).toBe('The token has expired.');
    });

    it('rejects a token without exp', async () => {
      const token = await new SignJWT({ roles: ['R'] })
        .setProtectedHeader({ alg: 'HS256' })
        .sign(key(SECRET));

      const error = await rejectionOf(sut.verify(`Bearer ${token}`));

      expect(error.message).toBe("The token claim 'exp' is invalid.");
    });

    it('rejects an unsecured token (alg none)', async () => {
      const token = new UnsecuredJWT({ roles: ['R'] }).setExpirationTime(now() + 60).encode();

      const error = await rejectionOf(sut.verify(`Bearer ${token}`));

      expect(error.message).toBe('The token is signed with an algorithm that is not accepted.');
    });

    it.each([
      ['without sub', {}, 'The token has no subject (`sub` claim).'],
      ['with a number', { sub: 42 }, "The token's subject (`sub` claim) must be a string, not a number."],
      ['with 0', { sub: 0 }, "The token's subject (`sub` claim) must be a string, not a number."],
      ['with a boolean', { sub: true }, "The token's subject (`sub` claim) must be a string, not a boolean."],
      [
        'with an object',
        { sub: { id: 'a' } },
        "The token's subject (`sub` claim) must be a string, not an object.",
      ],
      ['with an array', { sub: ['a'] }, "The token's subject (`sub` claim) must be a string, not an array."],
      ['with null', { sub: null }, "The token's subject (`sub` claim) must be a string, not null."],
      ['with an empty string', { sub: '' }, "The token's subject (`sub` claim) is empty."],
      ['with spaces only', { sub: '   ' }, "The token's subject (`sub` claim) is white space only."],
      [
        'with tab and newline only',
        { sub: '\t\n' },
        "The token's subject (`sub` claim) is white space only.",
      ],
      [
        'with a no-break space only',
        { sub: '\u00a0' },
        "The token's subject (`sub` claim) is white space only.",
      ],
      [
        'with an escape character',
        { sub: 'a\u001b[31mb' },
        "The token's subject (`sub` claim) contains a control character.",
      ],
      [
        'with a C1 control',
        { sub: 'a\u0085' },
        "The token's subject (`sub` claim) contains a control character.",
      ],
      [
        'with a zero-width space only',
        { sub: '\u200b' },
        "The token's subject (`sub` claim) is invisible characters only.",
      ],
      [
        'with zero-width joiners, word joiners, a BOM and spaces only',
        { sub: '\u200c\u200d \u2060\ufeff\u3164' },
        "The token's subject (`sub` claim) is invisible characters only.",
      ],
      [
        'with a lone high surrogate',
        { sub: 'alice\ud800' },
        "The token's subject (`sub` claim) contains a lone surrogate (half of a UTF-16 pair).",
      ],
      [
        'with a lone low surrogate',
        { sub: '\udc00bob' },
        "The token's subject (`sub` claim) contains a lone surrogate (half of a UTF-16 pair).",
      ],
      [
        'longer than 255 characters (the audit column), not cut',
        { sub: 'x'.repeat(256) },
        "The token's subject (`sub` claim) is longer than 255 characters.",
      ],
    ])('rejects a token %s', async (_case, claims: Record<string, unknown>, message) => {
      const token = await new SignJWT({ roles: ['ConfigApi_Read'], ...claims })
        .setProtectedHeader({ alg: 'HS256' })
        .setExpirationTime(now() + 60)
        .sign(key(SECRET));

      const error = await rejectionOf(sut.verify(`Bearer ${token}`));

      expect(error.message).toBe(message);
    });

    it('quotes nothing of a refused subject, however long', async () => {
      const token = await new SignJWT({ sub: `${' '.repeat(5000)}\u0007${'x'.repeat(5000)}` })
        .setProtectedHeader({ alg: 'HS256' })
        .setExpirationTime(now() + 60)
        .sign(key(SECRET));

      const error = await rejectionOf(sut.verify(`Bearer ${token}`));

      expect(error.message).toBe("The token's subject (`sub` claim) contains a control character.");
    });

    it('refuses a token without subject every time: it is not remembered', async () => {
      const token = await new SignJWT({ roles: ['R'] })
        .setProtectedHeader({ alg: 'HS256' })
        .setExpirationTime(now() + 60)
        .sign(key(SECRET));

      await rejectionOf(sut.verify(`Bearer ${token}`));
      const error = await rejectionOf(sut.verify(`Bearer ${token}`));

      expect(error.message).toBe('The token has no subject (`sub` claim).');
    });

    it.each(['HS384', 'HS512'])('rejects a token signed with %s', async (alg) => {
      const token = await new SignJWT({ roles: ['R'] })
        .setProtectedHeader({ alg })
        .setExpirationTime(now() + 60)
        .sign(key(SECRET));

      const error = await rejectionOf(sut.verify(`Bearer ${token}`));

      expect(error.message).toBe('The token is signed with an algorithm that is not accepted.');
    });
  });

  describe('with issuer and audience', () => {
    const strict = new JwtVerifier({
      mode: 'secret',
      secret: SECRET,
      issuer: 'https://idp',
      audience: 'portal',
    });

    it('accepts a token from the issuer for the audience', async () => {
      const token = await mintDevelopmentToken({
        secret: SECRET,
        roles: ['R'],
        issuer: 'https://idp',
        audience: 'portal',
      });

      await expect(strict.verify(`Bearer ${token}`)).resolves.toMatchObject({ subject: 'developer' });
    });

    it.each([
      ['another issuer', { issuer: 'https://other', audience: 'portal' }, 'iss'],
      ['no issuer', { audience: 'portal' }, 'iss'],
      ['another audience', { issuer: 'https://idp', audience: 'other' }, 'aud'],
    ])('rejects a token of %s', async (_case, claims, claim) => {
      const token = await mintDevelopmentToken({ secret: SECRET, roles: ['R'], ...claims });

      const error = await rejectionOf(strict.verify(`Bearer ${token}`));

      expect(error.message).toBe(`The token claim '${claim}' is invalid.`);
    });
  });

  describe('remembering verified tokens', () => {
    afterEach(() => {
      jest.useRealTimers();
    });

    it('still refuses a remembered token once it has expired', async () => {
      jest.useFakeTimers({ now: new Date('2026-01-01T00:00:00Z'), doNotFake: ['nextTick', 'setImmediate'] });
      const verifier = new JwtVerifier({ mode: 'secret', secret: SECRET });
      const token = await mintDevelopmentToken({
        secret: SECRET,
        roles: ['ConfigApi_Read'],
        expiresInSeconds: 60,
      });
      const header = `Bearer ${token}`;

      await expect(verifier.verify(header)).resolves.toMatchObject({ subject: 'developer' });
      jest.setSystemTime(new Date('2026-01-01T00:00:30Z'));
      await expect(verifier.verify(header)).resolves.toMatchObject({ subject: 'developer' });
      jest.setSystemTime(new Date('2026-01-01T00:01:01Z'));
      await expect(verifier.verify(header)).rejects.toThrow('The token has expired.');
    });

    it('does not take a forged token for a remembered one', async () => {
      const verifier = new JwtVerifier({ mode: 'secret', secret: SECRET });
      const token = await mintDevelopmentToken({ secret: SECRET, roles: ['ConfigApi_Read'] });
      await verifier.verify(`Bearer ${token}`);
      const forged = await mintDevelopmentToken({ secret: OTHER_SECRET, roles: ['ConfigApi_Write'] });

      await expect(verifier.verify(`Bearer ${forged}`)).rejects.toThrow(UnauthenticatedError);
    });
  });
});
