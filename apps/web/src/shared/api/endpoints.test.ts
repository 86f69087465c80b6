import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authEndpoints, pathOf, signatureEndpoints, signingPageEndpoints, userEndpoints } from '@paraphe/contracts';
import { tokenManager } from './client.ts';
import { callEndpoint, callEndpointWithStatus, downloadEndpoint, postFormEndpoint } from './endpoints.ts';

type Call = { url: string; method: string; headers: Headers; body: unknown; credentials: RequestCredentials | undefined };

/** Records what leaves the browser; the token endpoint mints, every other call gets the next reply. */
function scriptServer(replies: Response[]) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      if (url === pathOf(authEndpoints.token)) {
        return new Response(JSON.stringify({ data: { accessToken: 'tok', expiresAt: new Date(Date.now() + 300_000).toISOString() } }), { status: 200 });
      }
      calls.push({ url, method: init.method ?? 'GET', headers: new Headers(init.headers), body: init.body, credentials: init.credentials });
      return replies.shift() ?? new Response(null, { status: 500 });
    }),
  );
  return calls;
}

const id = '0b6f6f0e-8a43-4c55-9a0a-6b1b2c3d4e5f';
const ok = () => new Response(JSON.stringify({ data: { ok: true } }), { status: 200 });

describe('endpoint client', () => {
  beforeEach(() => tokenManager.reset());
  afterEach(() => vi.unstubAllGlobals());

  it('fills the path from params, the query string from query (empty values left out), the method from the descriptor', async () => {
    const calls = scriptServer([new Response(JSON.stringify({ data: { ok: true } }), { status: 200 })]);
    await callEndpoint(authEndpoints.verifySecondFactor, { params: { id: 'web', appId: id, userId: id }, query: { code: '123456' } });
    expect(calls[0]).toMatchObject({ url: `${pathOf(authEndpoints.verifySecondFactor, { id: 'web', appId: id, userId: id })}?code=123456`, method: 'PATCH' });
    expect(calls[0]?.headers.get('Authorization')).toBe('Bearer tok');
  });

  it('sends a JSON body with its content type', async () => {
    const calls = scriptServer([ok()]);
    await callEndpoint(authEndpoints.forgotPassword, { body: { email: 'a@b.co', language: 'fr' } });
    expect(calls[0]?.headers.get('Content-Type')).toBe('application/json');
    expect(JSON.parse(String(calls[0]?.body))).toEqual({ email: 'a@b.co', language: 'fr' });
    expect(calls[0]?.headers.get('Authorization')).toBeNull();
  });

  it('gives the status with the body for endpoints with several successes, and refuses the other status in callEndpoint', async () => {
    const challenge = { data: { requestDoubleAuth: true, appId: id, userId: id, channel: 'email', destination: 'a•••@b.co' } };
    scriptServer([new Response(JSON.stringify(challenge), { status: 206 }), new Response(JSON.stringify(challenge), { status: 206 })]);
    const answer = await callEndpointWithStatus(authEndpoints.me, { params: { id: 'web' } });
    expect(answer.status).toBe(206);
    await expect(callEndpoint(authEndpoints.me, { params: { id: 'web' } })).rejects.toThrow(/callEndpointWithStatus/);
  });

  it('resolves false for a file the server does not have yet (204)', async () => {
    scriptServer([new Response(null, { status: 204 })]);
    expect(await downloadEndpoint(signatureEndpoints.attestation, { params: { id } }, 'attestation.pdf')).toBe(false);
  });

  it('posts multipart bodies as FormData (the browser sets the boundary)', async () => {
    const calls = scriptServer([new Response(JSON.stringify({ data: {} }), { status: 201 })]);
    const form = new FormData();
    form.append('label', 'Contract');
    await postFormEndpoint(signatureEndpoints.create, { level: 1 }, form).catch(() => undefined);
    expect(calls[0]).toMatchObject({ url: pathOf(signatureEndpoints.create, { level: 1 }), method: 'POST', body: form });
    expect(calls[0]?.headers.get('Content-Type')).toBeNull();
  });

  it('calls public endpoints without a bearer, with the credentials the caller chose', async () => {
    const calls = scriptServer([new Response(JSON.stringify({ error: { code: 'LINK_INVALID', message: 'x', detail: 'LINK_INVALID : x' } }), { status: 404 })]);
    const failure = await callEndpoint(signingPageEndpoints.view, { params: { token: 'a/b token' }, credentials: 'omit' }).catch((e: unknown) => e);
    expect(failure).toMatchObject({ code: 'LINK_INVALID', status: 404 });
    expect(calls[0]).toMatchObject({ url: pathOf(signingPageEndpoints.view, { token: 'a/b token' }), credentials: 'omit' });
    expect(calls[0]?.url).toContain('a%2Fb%20token');
    expect(calls[0]?.headers.get('Authorization')).toBeNull();
  });

  it('checks params, query and body against the descriptor at compile time', () => {
    // Type-level only: these lines must not compile (the test file is type-checked with the app).
    const typeChecks = () => {
      // @ts-expect-error the id parameter is required
      void callEndpoint(userEndpoints.get, {});
      // @ts-expect-error a profile that does not exist
      void callEndpoint(userEndpoints.list, { query: { profile: 'BOSS' } });
      // @ts-expect-error the login body needs a password
      void callEndpoint(authEndpoints.login, { body: { email: 'a@b.co' } });
    };
    expect(typeChecks).toBeTypeOf('function');
  });
});
