import { createHash, createHmac, randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

/** Access tokens: short-lived HS256 JWTs. The algorithm is pinned on both sides. */
const ALG = 'HS256';
const ISSUER = 'pharma-scan';
const AUDIENCE = 'pharma-scan-api';

export interface AccessClaims {
  userId: string;
  familyId: string;
  /** Expiry, epoch seconds. */
  exp?: number;
}

/** `issuedAt` (epoch seconds, default now) fixes the token: the same claims and time sign the same token. */
export async function signAccessToken(
  claims: AccessClaims,
  secret: Uint8Array,
  seconds: number,
  issuedAt = Math.floor(Date.now() / 1000),
): Promise<string> {
  return new SignJWT({ sid: claims.familyId })
    .setProtectedHeader({ alg: ALG, typ: 'JWT' })
    .setSubject(claims.userId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + seconds)
    .sign(secret);
}

/**
 * The claims of a valid token; undefined for a tampered, expired, foreign or `alg: none` one, and for
 * one without an expiry (`exp`), which would never end (issue 26).
 */
export async function verifyAccessToken(token: string, secret: Uint8Array): Promise<Required<AccessClaims> | undefined> {
  try {
    const { payload } = await jwtVerify(token, secret, { algorithms: [ALG], issuer: ISSUER, audience: AUDIENCE, requiredClaims: ['exp'] });
    if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string' || typeof payload.exp !== 'number') return undefined;
    return { userId: payload.sub, familyId: payload.sid, exp: payload.exp };
  } catch {
    return undefined;
  }
}

/** Refresh tokens are opaque random strings; only their hash is stored. */
export function newRefreshToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashRefreshToken(token) };
}

/**
 * The token that replaces `token` when it is rotated: derived from it with the server's secret, so a
 * second use within the rotation grace answers the same successor (one chain, which reuse detection
 * watches), and nobody without the secret can compute it.
 */
export function successorRefreshToken(token: string, secret: Uint8Array): { token: string; hash: string } {
  const next = createHmac('sha256', secret).update(`refresh-successor\u0000${token}`).digest('base64url');
  return { token: next, hash: hashRefreshToken(next) };
}

export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}
