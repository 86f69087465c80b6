import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import * as contracts from './index.ts';
import { isSchema, pathOf, successStatus, type EndpointSpec } from './shared/endpoint.ts';

/** Every endpoint group the contracts export (objects named `…Endpoints`). */
const groups = Object.entries(contracts).filter(([name, value]) => name.endsWith('Endpoints') && typeof value === 'object') as [
  string,
  Record<string, EndpointSpec>,
][];
const all = groups.flatMap(([group, endpoints]) => Object.entries(endpoints).map(([name, endpoint]) => ({ id: `${group}.${name}`, endpoint })));

describe('endpoint descriptors', () => {
  it('are found in every domain', () => {
    expect(groups.map(([name]) => name).sort()).toEqual(
      [
        'apiKeyEndpoints',
        'apiV1CampaignEndpoints',
        'apiV1Endpoints',
        'apiV1OperationEndpoints',
        'apiV1TemplateEndpoints',
        'applicationEndpoints',
        'authEndpoints',
        'billingEndpoints',
        'campaignEndpoints',
        'certificateEndpoints',
        'consentEndpoints',
        'contactEndpoints',
        'crmEndpoints',
        'customDomainEndpoints',
        'dashboardEndpoints',
        'directLinkEndpoints',
        'gdprEndpoints',
        'helpEndpoints',
        'invoicingEndpoints',
        'maintenanceEndpoints',
        'notificationEndpoints',
        'operationEndpoints',
        'outboxEndpoints',
        'passkeyEndpoints',
        'paymentEndpoints',
        'pkiEndpoints',
        'requestTemplateEndpoints',
        'searchEndpoints',
        'senderEndpoints',
        'settingsEndpoints',
        'signatureEndpoints',
        'signingPageEndpoints',
        'ssoEndpoints',
        'stampEndpoints',
        'surveyEndpoints',
        'templateEndpoints',
        'timestampEndpoints',
        'userEndpoints',
        'verificationEndpoints',
        'webhookEndpoints',
      ].sort(),
    );
    expect(all.length).toBeGreaterThan(60);
  });

  it('give each method and path once, with a success response and tags', () => {
    const seen = new Set<string>();
    for (const { id, endpoint } of all) {
      const key = `${endpoint.method} ${endpoint.path}`;
      expect(seen.has(key), `${id}: ${key} is described twice`).toBe(false);
      seen.add(key);
      expect(() => successStatus(endpoint), id).not.toThrow();
      expect(endpoint.tags?.length, id).toBeGreaterThan(0);
      expect(endpoint.summary.length, id).toBeGreaterThan(5);
    }
  });

  it('declare exactly the path parameters their path has', () => {
    for (const { id, endpoint } of all) {
      const inPath = [...endpoint.path.matchAll(/:(\w+)/g)].map((m) => m[1]!).sort();
      const declared = endpoint.params && isSchema(endpoint.params) ? Object.keys((endpoint.params as z.ZodObject).shape).sort() : [];
      expect(declared, id).toEqual(inPath);
    }
  });

  it('build paths with encoded parameters and refuse a missing one', () => {
    expect(pathOf(contracts.signatureEndpoints.document, { id: 'a/b', docId: 'c d' })).toBe('/api/transactions/a%2Fb/documents/c%20d');
    expect(() => pathOf(contracts.signatureEndpoints.get, {})).toThrow(/Missing path parameter "id"/);
  });

  it('keep the bearer audience on every non-public endpoint (an API key scope on the public API)', () => {
    for (const { id, endpoint } of all) {
      if ('public' in endpoint.auth) continue;
      if ('apiKey' in endpoint.auth) {
        expect(endpoint.path.startsWith(contracts.apiV1Prefix), id).toBe(true);
        expect(contracts.apiKeyScopes, id).toContain(endpoint.auth.apiKey);
        continue;
      }
      expect(contracts.audiences, id).toContain(endpoint.auth.audience);
    }
  });
});
