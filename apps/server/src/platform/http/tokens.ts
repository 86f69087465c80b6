import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { Audience } from '@paraphe/contracts';
import { AppError } from '../errors.ts';

export const accessTokenSeconds = 5 * 60;
const issuer = 'paraphe';

export interface AccessClaims {
  sessionId: string;
  userId: string;
  audience: Audience;
}

/** Short-lived bearer tokens, one audience each, minted from a refresh session. */
export function createTokenService(secret: string) {
  const key = createHmac('sha256', secret).update('access-token-v1').digest();
  return {
    async mint(claims: AccessClaims, now = new Date()): Promise<{ token: string; expiresAt: Date }> {
      const expiresAt = new Date(now.getTime() + accessTokenSeconds * 1000);
      const token = await new SignJWT({ sid: claims.sessionId })
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuer(issuer)
        .setSubject(claims.userId)
        .setAudience(claims.audience)
        .setIssuedAt(Math.floor(now.getTime() / 1000))
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(key);
      return { token, expiresAt };
    },
    /** `now` is the platform clock, so expiry follows the same time as sessions and codes. */
    async verify(token: string, audience: Audience, now = new Date()): Promise<AccessClaims> {
      try {
        const { payload } = await jwtVerify(token, key, { issuer, audience, algorithms: ['HS256'], currentDate: now });
        if (typeof payload.sid !== 'string' || typeof payload.sub !== 'string') throw new AppError('TOKEN_INVALID');
        return { sessionId: payload.sid, userId: payload.sub, audience };
      } catch (error) {
        if (error instanceof AppError) throw error;
        const expired = error instanceof joseErrors.JWTExpired;
        throw new AppError('TOKEN_INVALID', expired ? 'Access token expired.' : 'Invalid access token.');
      }
    },
  };
}
export type TokenService = ReturnType<typeof createTokenService>;

/** Opaque random secrets (session cookie, links); only their SHA-256 is stored. */
export function newOpaqueToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
