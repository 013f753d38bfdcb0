import { SignJWT } from 'jose';

export interface DevelopmentTokenRequest {
  readonly secret: string;
  readonly roles: readonly string[];
  readonly subject?: string;
  /** Lifetime in seconds; default 12 hours. */
  readonly expiresInSeconds?: number;
  readonly issuer?: string;
  readonly audience?: string;
}

/** Mints an HS256 token for local use and tests (contract 2). */
export async function mintDevelopmentToken(request: DevelopmentTokenRequest): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  let jwt = new SignJWT({ roles: [...request.roles] })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(request.subject ?? 'developer')
    .setIssuedAt(now)
    .setExpirationTime(now + (request.expiresInSeconds ?? 12 * 3600));
  if (request.issuer) jwt = jwt.setIssuer(request.issuer);
  if (request.audience) jwt = jwt.setAudience(request.audience);
  return jwt.sign(new TextEncoder().encode(request.secret));
}
