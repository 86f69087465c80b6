import type { FastifyRequest } from 'fastify';
import type { Platform } from '../context.ts';

/** The tenant whose verified domain a request came on (docs/white-label.md). */
export interface HostTenant {
  appId: string;
  purpose: 'signing' | 'backoffice';
  host: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the host hook: the tenant owning the request's Host when it is one of their verified domains, else null. */
    hostTenant: HostTenant | null;
  }
}

/**
 * How a Host header is matched to a tenant. The domain that owns tenants' domains gives it at start-up (its module's
 * `init`), as a lookup in its in-memory map of VERIFIED domains: never a DNS query, never a pending name.
 */
export type HostTenantResolver = (host: string) => Promise<HostTenant | null>;

const resolvers = new WeakMap<Platform, HostTenantResolver>();

export function setHostTenantResolver(platform: Platform, resolver: HostTenantResolver): void {
  resolvers.set(platform, resolver);
}

/** The Host's name alone: lower case, without port or trailing dot; null when it is not a plain host name. */
export function hostNameOf(request: Pick<FastifyRequest, 'hostname'>): string | null {
  const name = (request.hostname ?? '').toLowerCase().replace(/\.$/, '');
  return /^[a-z0-9.-]{1,253}$/.test(name) ? name : null;
}

/**
 * onRequest: attaches the tenant of the request's host. The platform's own host and every unknown name get null, so
 * a page asking for branding shows the platform's, never another tenant's. Links are never built from the Host.
 */
export function hostTenantHook(platform: Platform) {
  const platformHost = new URL(platform.config.publicUrl).hostname.toLowerCase();
  return async (request: FastifyRequest) => {
    request.hostTenant = null;
    const resolve = resolvers.get(platform);
    const host = hostNameOf(request);
    if (!resolve || !host || host === platformHost) return;
    request.hostTenant = await resolve(host);
  };
}
