import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { AppError } from '../../platform/errors.ts';
import type { Platform } from '../../platform/context.ts';
import type { PasskeyRow } from './repository.ts';

/** A challenge is answered within this time, once (docs/passkeys.md). */
export const challengeTtlMs = 5 * 60_000;

/**
 * Who the relying party is: always the configured public address (PUBLIC_URL), never the request's Host header —
 * a credential is bound to this host name, and an answer made for another origin is refused.
 */
export function relyingParty(platform: Platform): { rpID: string; origin: string } {
  const url = new URL(platform.config.publicUrl);
  return { rpID: url.hostname, origin: url.origin };
}

/** The challenge the browser signed, read from its client data (the lookup key of the stored challenge); '' when unreadable. */
export function challengeOf(clientDataJSON: string): string {
  try {
    const data = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as { challenge?: unknown };
    return typeof data.challenge === 'string' ? data.challenge : '';
  } catch {
    return '';
  }
}

export async function registrationOptions(
  platform: Platform,
  opts: { rpName: string; userId: string; email: string; displayName: string; existing: readonly PasskeyRow[] },
) {
  const { rpID } = relyingParty(platform);
  return generateRegistrationOptions({
    rpName: opts.rpName,
    rpID,
    userName: opts.email,
    userDisplayName: opts.displayName,
    // The user handle: the account's id (a discoverable login tells whose credential it is).
    userID: new TextEncoder().encode(opts.userId),
    timeout: challengeTtlMs,
    attestationType: 'none',
    excludeCredentials: opts.existing.map((p) => ({ id: p.credentialId, transports: p.transports })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
  });
}

export async function authenticationOptions(platform: Platform, opts: { allow: readonly PasskeyRow[]; userVerification: 'required' | 'preferred' }) {
  const { rpID } = relyingParty(platform);
  return generateAuthenticationOptions({
    rpID,
    timeout: challengeTtlMs,
    userVerification: opts.userVerification,
    allowCredentials: opts.allow.map((p) => ({ id: p.credentialId, transports: p.transports as never })),
  });
}

const rejected = (cause: unknown) => new AppError('PASSKEY_REJECTED', undefined, { cause });

/** Checks a registration answer against the stored challenge, this origin and host name; the new credential. */
export async function verifyRegistration(platform: Platform, response: RegistrationResponseJSON, expectedChallenge: string) {
  const { rpID, origin } = relyingParty(platform);
  const result = await verifyRegistrationResponse({
    response,
    expectedChallenge,
    expectedOrigin: origin,
    expectedRPID: rpID,
    requireUserVerification: false,
  }).catch((error: unknown) => {
    throw rejected(error);
  });
  if (!result.verified) throw rejected(undefined);
  const info = result.registrationInfo;
  return {
    credentialId: info.credential.id,
    publicKey: Buffer.from(info.credential.publicKey).toString('base64url'),
    counter: info.credential.counter,
    transports: response.response.transports ?? [],
    deviceType: info.credentialDeviceType,
    backedUp: info.credentialBackedUp,
  };
}

/**
 * Checks an assertion's challenge, origin, host name, flags and signature with the stored public key; returns the
 * counter it carries. The counter is compared by the caller, atomically with its update (`advanceCounter`), once
 * the signature is known to be genuine: only then is a counter that did not increase a cloned credential.
 */
export async function verifyAssertion(
  platform: Platform,
  opts: { response: AuthenticationResponseJSON; expectedChallenge: string; passkey: PasskeyRow; requireUserVerification: boolean },
) {
  const { rpID, origin } = relyingParty(platform);
  const result = await verifyAuthenticationResponse({
    response: opts.response,
    expectedChallenge: opts.expectedChallenge,
    expectedOrigin: origin,
    expectedRPID: rpID,
    requireUserVerification: opts.requireUserVerification,
    // Counter 0 here: the library's own comparison is replaced by the caller's atomic one (see above).
    credential: {
      id: opts.passkey.credentialId,
      publicKey: new Uint8Array(Buffer.from(opts.passkey.publicKey, 'base64url')),
      counter: 0,
      transports: opts.passkey.transports as never,
    },
  }).catch((error: unknown) => {
    throw rejected(error);
  });
  if (!result.verified) throw rejected(undefined);
  return { newCounter: result.authenticationInfo.newCounter, userVerified: result.authenticationInfo.userVerified };
}

/** The signature counter moved forward (or the authenticator keeps none: both 0). */
export const counterIncreased = (stored: number, received: number) => received > stored || (stored === 0 && received === 0);
