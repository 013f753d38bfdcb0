import { createSecretKey, type KeyObject } from 'node:crypto';

import { errors, jwtVerify, type JWTPayload, type JWTVerifyGetKey, type JWTVerifyOptions } from 'jose';

import { DomainError, UnauthenticatedError } from '@portal/problem-details';

import type { AuthOptions } from './auth-options';
import { type Principal, rolesOfClaims, subjectProblem } from './principal';
import { ProviderKeySet } from './provider-key-set';

const ASYMMETRIC_ALGORITHMS = [
  'RS256',
  'RS384',
  'RS512',
  'PS256',
  'PS384',
  'PS512',
  'ES256',
  'ES384',
  'ES512',
  'EdDSA',
];

/** Verified tokens are remembered, so a client's every request does not pay for the signature again. */
const MAX_REMEMBERED_TOKENS = 10_000;
/** At most this long, so that a key the JWKS drops stops being honoured soon after. */
const MAX_REMEMBER_MS = 5 * 60 * 1000;

/** Verifies bearer tokens; every failure is an UnauthenticatedError with a reason safe to show. */
export class JwtVerifier {
  private readonly key: KeyObject | JWTVerifyGetKey;
  private readonly options: JWTVerifyOptions;
  private readonly remembered = new Map<string, { principal: Principal; until: number }>();
  private readonly maxLifetimeSeconds: number | undefined;

  constructor(options: AuthOptions) {
    this.maxLifetimeSeconds = options.maxTokenLifetimeSeconds;
    if (options.mode === 'secret') {
      this.key = createSecretKey(Buffer.from(options.secret, 'utf8'));
      this.options = {
        algorithms: ['HS256'],
        requiredClaims: ['exp'],
        issuer: options.issuer,
        audience: options.audience,
      };
    } else {
      this.key = new ProviderKeySet(new URL(options.jwksUrl)).getKey;
      this.options = {
        algorithms: ASYMMETRIC_ALGORITHMS,
        requiredClaims: ['exp'],
        issuer: options.issuer,
        audience: options.audience,
      };
    }
  }

  /**
   * The caller of a token verified before and still remembered, without a promise: a client's
   * every request after its first. Undefined otherwise (verify it); never throws.
   */
  rememberedPrincipal(authorization: string | undefined): Principal | undefined {
    const token = authorization === undefined ? undefined : bearerTokenOf(authorization);
    if (token === undefined) return undefined;
    const known = this.remembered.get(token);
    return known !== undefined && known.until > Date.now() ? known.principal : undefined;
  }

  async verify(authorization: string | undefined): Promise<Principal> {
    if (!authorization)
      throw new UnauthenticatedError('The Authorization header with a bearer token is missing.');
    const token = bearerTokenOf(authorization);
    if (token === undefined)
      throw new UnauthenticatedError('The Authorization header must be `Bearer <token>`.');
    const known = this.remembered.get(token);
    if (known && known.until > Date.now()) return known.principal;
    this.remembered.delete(token);

    if (!COMPACT_JWS.test(token)) throw new UnauthenticatedError('The token is malformed or invalid.');
    let payload: JWTPayload;
    try {
      ({ payload } = await this.verifyToken(token));
    } catch (error) {
      // The provider's keys out of reach (503) is not the token's fault.
      if (error instanceof DomainError) throw error;
      throw new UnauthenticatedError(reasonOf(error));
    }
    if (!isExactBase64url(token.slice(token.lastIndexOf('.') + 1)))
      throw new UnauthenticatedError('The token signature is invalid.');
    const exp = payload.exp as number;
    if (this.maxLifetimeSeconds !== undefined && exp - Date.now() / 1000 > this.maxLifetimeSeconds)
      throw new UnauthenticatedError(
        `The token expires further ahead than the ${this.maxLifetimeSeconds} s this service accepts.`,
      );
    const problem = subjectProblem(payload.sub);
    if (problem !== undefined) throw new UnauthenticatedError(problem);
    const principal: Principal = { subject: payload.sub as string, roles: rolesOfClaims(payload) };
    this.remember(token, principal, exp * 1000);
    return principal;
  }

  private remember(token: string, principal: Principal, expiresAt: number): void {
    if (this.remembered.size >= MAX_REMEMBERED_TOKENS) {
      // Maps iterate in insertion order: drop the oldest.
      this.remembered.delete(this.remembered.keys().next().value as string);
    }
    this.remembered.set(token, { principal, until: Math.min(expiresAt, Date.now() + MAX_REMEMBER_MS) });
  }

  // Two calls because jose's overloads take either a key or a key getter, not their union.
  private async verifyToken(token: string): Promise<{ payload: JWTPayload }> {
    return typeof this.key === 'function'
      ? jwtVerify(token, this.key, this.options)
      : jwtVerify(token, this.key, this.options);
  }
}

const BEARER = /^Bearer\s+(\S+)$/i;

/** The token of `Bearer <token>` (any case, surrounding whitespace allowed); else undefined. */
function bearerTokenOf(authorization: string): string | undefined {
  return BEARER.exec(authorization.trim())?.[1];
}

/** Three base64url parts (RFC 7515 7.1): jose would skip characters outside the alphabet. */
const COMPACT_JWS = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*\.[A-Za-z0-9_-]*$/;

/**
 * Whether a verified signature is written the one way its bytes encode to. jose ignores the unused
 * bits of the last character, so other spellings of one signature would verify too; header and
 * payload need no such check, as they are signed as written.
 */
function isExactBase64url(part: string): boolean {
  return Buffer.from(part, 'base64url').toString('base64url') === part;
}

function reasonOf(error: unknown): string {
  if (error instanceof errors.JWTExpired) return 'The token has expired.';
  if (error instanceof errors.JWSSignatureVerificationFailed) return 'The token signature is invalid.';
  if (error instanceof errors.JWTClaimValidationFailed) return `The token claim '${error.claim}' is invalid.`;
  if (error instanceof errors.JOSEAlgNotAllowed)
    return 'The token is signed with an algorithm that is not accepted.';
  if (error instanceof errors.JWKSNoMatchingKey) return 'No known key matches the token.';
  if (error instanceof errors.JWKSTimeout) return 'The token could not be verified in time.';
  return 'The token is malformed or invalid.';
}
