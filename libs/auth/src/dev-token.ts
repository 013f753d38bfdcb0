import { SignJWT } from 'jose';

import { subjectProblem } from './principal';

/**
 * The subject of development tokens unless said (`npm run token`, the token `npm start` prints):
 * what a caller sees of render-service's jobs is its subject's, so the demo job is this one's.
 */
export const DEVELOPMENT_SUBJECT = 'developer';

export interface DevelopmentTokenRequest {
  readonly secret: string;
  readonly roles: readonly string[];
  /** Default DEVELOPMENT_SUBJECT; one the services would refuse (empty, blank) throws. */
  readonly subject?: string;
  /** Lifetime in seconds; default 12 hours. */
  readonly expiresInSeconds?: number;
  readonly issuer?: string;
  readonly audience?: string;
}

/** Mints an HS256 token for local use and tests (contract 2). */
export async function mintDevelopmentToken(request: DevelopmentTokenRequest): Promise<string> {
  const subject = request.subject ?? DEVELOPMENT_SUBJECT;
  // Every token carries a subject the services take: they answer 401 to any other.
  const problem = subjectProblem(subject);
  if (problem !== undefined) throw new Error(problem);
  const now = Math.floor(Date.now() / 1000);
  let jwt = new SignJWT({ roles: [...request.roles] })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(subject)
    .setIssuedAt(now)
    .setExpirationTime(now + (request.expiresInSeconds ?? 12 * 3600));
  if (request.issuer) jwt = jwt.setIssuer(request.issuer);
  if (request.audience) jwt = jwt.setAudience(request.audience);
  return jwt.sign(new TextEncoder().encode(request.secret));
}
