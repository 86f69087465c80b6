import * as client from 'openid-client';
import { ssoEndpoints } from '@paraphe/contracts';
import type { Platform } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { outboundRequest, OutboundError } from '../../platform/net/outbound.ts';

/**
 * The one place that speaks OpenID Connect, through `openid-client`. Every request it makes goes through
 * platform/net/outbound.ts (no private address unless the operator allows it, no redirect followed, a size and a
 * time limit): a tenant's issuer URL cannot make the server a proxy into its own network.
 */

export type ProviderMetadata = Record<string, unknown>;

/** The callback every tenant registers at its provider: built from PUBLIC_URL, never from a request's Host. */
export const redirectUriOf = (platform: Platform) => `${platform.config.publicUrl}${ssoEndpoints.callback.path}`;

/** http issuers only where the operator allows private networks (a developer's local Keycloak). */
const insecureAllowed = (platform: Platform, url: string) => url.startsWith('http://') && platform.config.outboundAllowPrivateNetworks;

function fetcherFor(platform: Platform): client.CustomFetch {
  return async (url, options) => {
    const body = options.body === undefined || options.body === null ? undefined : String(options.body as string | URLSearchParams);
    const answer = await outboundRequest(url, {
      method: options.method,
      headers: options.headers,
      body,
      timeoutMs: 10_000,
      maxBytes: 512 * 1024,
      allowHttp: platform.config.outboundAllowPrivateNetworks,
      allowPrivateNetworks: platform.config.outboundAllowPrivateNetworks,
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value === undefined) continue;
      for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
    }
    return new Response(answer.status === 204 || answer.status === 304 ? null : new Uint8Array(answer.body), { status: answer.status, headers });
  };
}

/** The client authentication the provider accepts: client_secret_basic (the spec's default) unless it lists only post. */
function clientAuthOf(metadata: ProviderMetadata, secret: string): client.ClientAuth {
  const methods = metadata.token_endpoint_auth_methods_supported;
  if (Array.isArray(methods) && !methods.includes('client_secret_basic') && methods.includes('client_secret_post')) return client.ClientSecretPost(secret);
  return client.ClientSecretBasic(secret);
}

/** Fetches and checks the issuer's discovery document (an administrator saves or tests the configuration). */
export async function discover(platform: Platform, issuer: string, clientId: string, secret: string): Promise<ProviderMetadata> {
  if (issuer.startsWith('http://') && !platform.config.outboundAllowPrivateNetworks) {
    throw new AppError('SSO_DISCOVERY_FAILED', 'The issuer must be an https address.', { details: { reason: 'scheme' } });
  }
  try {
    const config = await client.discovery(new URL(issuer), clientId, undefined, client.ClientSecretBasic(secret), {
      [client.customFetch]: fetcherFor(platform),
      execute: insecureAllowed(platform, issuer) ? [client.allowInsecureRequests] : [],
      timeout: 10,
    });
    const metadata = config.serverMetadata();
    if (!metadata.authorization_endpoint || !metadata.token_endpoint || !metadata.jwks_uri) {
      throw new AppError('SSO_DISCOVERY_FAILED', 'The discovery document lacks an authorization, token or JWKS endpoint.', {
        details: { reason: 'incomplete' },
      });
    }
    return { ...metadata };
  } catch (error) {
    if (error instanceof AppError) throw error;
    const reason = error instanceof OutboundError ? error.reason : 'invalid';
    throw new AppError('SSO_DISCOVERY_FAILED', undefined, { details: { reason }, cause: error });
  }
}

/** A configuration from the stored discovery document: no network. */
export function configurationOf(platform: Platform, metadata: ProviderMetadata, clientId: string, secret: string): client.Configuration {
  const config = new client.Configuration(metadata as client.ServerMetadata, clientId, undefined, clientAuthOf(metadata, secret));
  config[client.customFetch] = fetcherFor(platform);
  if (insecureAllowed(platform, String(metadata.issuer ?? ''))) client.allowInsecureRequests(config);
  return config;
}

export interface LoginChecks {
  state: string;
  nonce: string;
  codeVerifier: string;
}

export async function newLoginChecks(): Promise<LoginChecks & { codeChallenge: string }> {
  const codeVerifier = client.randomPKCECodeVerifier();
  return { state: client.randomState(), nonce: client.randomNonce(), codeVerifier, codeChallenge: await client.calculatePKCECodeChallenge(codeVerifier) };
}

export function authorizationUrl(platform: Platform, config: client.Configuration, checks: { state: string; nonce: string; codeChallenge: string }): URL {
  return client.buildAuthorizationUrl(config, {
    redirect_uri: redirectUriOf(platform),
    scope: 'openid email profile',
    response_type: 'code',
    state: checks.state,
    nonce: checks.nonce,
    code_challenge: checks.codeChallenge,
    code_challenge_method: 'S256',
  });
}

export interface VerifiedIdentity {
  subject: string;
  email: string;
  emailVerified: boolean;
  firstName: string;
  lastName: string;
}

/**
 * Exchanges the code (PKCE verifier) and validates the ID token — signature from the provider's JWKS, issuer,
 * audience, expiry, nonce — all by openid-client. `callbackQuery` is the query string the provider sent; the URL
 * it is checked against is PUBLIC_URL's, not the request's Host.
 */
export async function exchangeCode(platform: Platform, config: client.Configuration, callbackQuery: string, checks: LoginChecks): Promise<VerifiedIdentity> {
  const current = new URL(`${redirectUriOf(platform)}?${callbackQuery}`);
  const tokens = await client.authorizationCodeGrant(config, current, {
    pkceCodeVerifier: checks.codeVerifier,
    expectedState: checks.state,
    expectedNonce: checks.nonce,
    idTokenExpected: true,
  });
  const claims = tokens.claims();
  if (!claims) throw new Error('No ID token.');
  const str = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
  const email = str(claims.email).toLowerCase();
  const name = str(claims.name);
  return {
    subject: claims.sub,
    email,
    // Entra ID says it with its optional claim xms_edov (docs/sso.md); every other provider with email_verified.
    emailVerified: claims.email_verified === true || claims.xms_edov === true,
    firstName: str(claims.given_name) || name.split(' ')[0] || email.split('@')[0]!,
    lastName: str(claims.family_name) || name.split(' ').slice(1).join(' ') || '-',
  };
}
