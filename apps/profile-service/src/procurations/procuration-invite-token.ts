import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, base64url (43 characters): the secret an invite is taken and approved with. */
export function newInviteToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * What is stored of a token: its SHA-256 digest (hex). An invite is found by the digest through
 * its unique index, so a wrong token costs the same work as a right one, and a stolen table
 * yields no usable token.
 */
export function inviteTokenDigest(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
