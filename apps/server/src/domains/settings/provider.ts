import type { Platform } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { seal, unseal } from '../../platform/sealed.ts';

/**
 * The signing provider (spec §3, §8; docs/settings.md "Provider"): an optional external signing account of the
 * tenant. Paraphe's own engine signs every request, so nothing depends on it yet; what exists is the credentials,
 * sealed at rest, and their connection test against a pluggable client.
 */

/** Sealed with platform/sealed.ts under this label (AES-256-GCM, key derived from the instance secret). */
const KEY_LABEL = 'paraphe:settings:provider-password:v1';

export function sealPassword(platform: Platform, password: string): string {
  return seal(platform.secret, KEY_LABEL, password);
}

export function openPassword(platform: Platform, sealed: string): string {
  try {
    return unseal(platform.secret, KEY_LABEL, sealed);
  } catch (error) {
    platform.logger.error({ err: error }, 'settings: a provider password cannot be decrypted: SECRET_KEY differs from the one that sealed it');
    throw new AppError('UNAVAILABLE', 'The provider credentials cannot be read.', { cause: error });
  }
}

export interface OpenCredentials {
  provider: string;
  login: string;
  password: string;
  offerCode: string;
}
export type ProviderVerdict = 'ok' | 'invalid' | 'unavailable';

/** What the connection test asks the provider. */
export interface ProviderClient {
  test(credentials: OpenCredentials): Promise<ProviderVerdict>;
}

/**
 * The spec's "signature test" call (§7: GET with login, password and offer headers) to SIGNING_PROVIDER_TEST_URL:
 * 2xx accepted; 401/403 refused credentials; anything else, a network error or 10 s without an answer, the
 * provider is having difficulties.
 */
export function httpProviderClient(url: string, timeoutMs = 10_000): ProviderClient {
  return {
    async test(credentials) {
      let headers: Headers;
      try {
        headers = new Headers({ login: credentials.login, password: credentials.password, offer: credentials.offerCode, provider: credentials.provider });
      } catch {
        return 'invalid'; // characters no HTTP header can carry: the provider could never accept them
      }
      try {
        const response = await fetch(url, { method: 'GET', headers, signal: AbortSignal.timeout(timeoutMs) });
        await response.body?.cancel();
        if (response.ok) return 'ok';
        return response.status === 401 || response.status === 403 ? 'invalid' : 'unavailable';
      } catch {
        return 'unavailable';
      }
    },
  };
}

/** Without an external provider the product's own engine signs: complete credentials have nothing more to prove. */
export const ownEngineProviderClient: ProviderClient = { test: async () => 'ok' };

export const providerClientOf = (platform: Platform): ProviderClient =>
  platform.config.signingProviderTestUrl ? httpProviderClient(platform.config.signingProviderTestUrl) : ownEngineProviderClient;
