/** How tokens are verified: a shared HS256 secret, or an OpenID Connect provider's JWKS. */
export type AuthOptions = (
  | { readonly mode: 'secret'; readonly secret: string; readonly issuer?: string; readonly audience?: string }
  | { readonly mode: 'jwks'; readonly jwksUrl: string; readonly issuer: string; readonly audience: string }
) & {
  /** A token whose `exp` lies further ahead than this is refused (a token minted to live for ever). */
  readonly maxTokenLifetimeSeconds?: number;
};

/** The secret `npm start` and the token command use when none is configured. Never for production. */
export const DEVELOPMENT_JWT_SECRET = 'portal-development-secret-never-use-in-production';
