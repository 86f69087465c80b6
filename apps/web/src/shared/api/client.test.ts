import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authEndpoints, pathOf, userEndpoints, type BodyIn } from '@paraphe/contracts';
import { lastRequestIds, setMaintenanceHandler, setSessionLostHandler, tokenManager } from './client.ts';
import { callEndpoint, callEndpointWithStatus } from './endpoints.ts';
import { ApiError, CancelledError } from './apiError.ts';

type Reply = { status: number; body?: unknown };
const json = (status: number, body?: unknown) => new Response(body === undefined ? null : JSON.stringify(body), { status });
const errorBody = (code: string, fields?: unknown[]) => ({ error: { code, message: code, detail: `${code} : x`, ...(fields ? { fields } : {}) } });

const userId = '0b6f6f0e-8a43-4c55-9a0a-6b1b2c3d4e5f';
/** A call of the `user` audience, whose answer the contract checks: `{ data: { isUsed, subordinates } }`. */
const isUsed = userEndpoints.isUsed;
const isUsedPath = pathOf(isUsed, { id: userId });
const isUsedBody = (subordinates: number) => ({ data: { isUsed: subordinates > 0, subordinates } });

/** Scripted server: token requests get fresh tokens, API calls get the queued replies in order. */
function scriptServer(apiReplies: Reply[]) {
  const calls: Array<{ url: string; auth: string | null }> = [];
  let minted = 0;
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const auth = new Headers(init?.headers).get('Authorization');
    calls.push({ url, auth });
    if (url === pathOf(authEndpoints.token)) {
      minted += 1;
      return json(200, { data: { accessToken: `t${minted}`, expiresAt: new Date(Date.now() + 300_000).toISOString() } });
    }
    const reply = apiReplies.shift() ?? { status: 500 };
    return json(reply.status, reply.body);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, minted: () => minted };
}

describe('API client', () => {
  const sessionLost = vi.fn();
  beforeEach(() => {
    tokenManager.reset();
    sessionLost.mockReset();
    setSessionLostHandler(sessionLost);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('sends the bearer token of the audience and checks the answer with the contract schema', async () => {
    const server = scriptServer([
      { status: 200, body: isUsedBody(1) },
      { status: 200, body: { data: { n: 1 } } },
    ]);
    const result = await callEndpoint(isUsed, { params: { id: userId } });
    expect(result.data.subordinates).toBe(1);
    expect(server.calls.at(-1)).toEqual({ url: isUsedPath, auth: 'Bearer t1' });
    await expect(callEndpoint(isUsed, { params: { id: userId } })).rejects.toThrow();
  });

  it('renews a refused token once and replays the call', async () => {
    const server = scriptServer([
      { status: 401, body: errorBody('TOKEN_INVALID') },
      { status: 200, body: isUsedBody(0) },
    ]);
    const { status } = await callEndpointWithStatus(isUsed, { params: { id: userId } });
    expect(status).toBe(200);
    expect(server.minted()).toBe(2);
    expect(server.calls.filter((c) => c.url === isUsedPath).map((c) => c.auth)).toEqual(['Bearer t1', 'Bearer t2']);
    expect(sessionLost).not.toHaveBeenCalled();
  });

  it('logs out (silently) when the renewed token is refused too', async () => {
    scriptServer([
      { status: 401, body: errorBody('TOKEN_INVALID') },
      { status: 401, body: errorBody('TOKEN_INVALID') },
    ]);
    await expect(callEndpoint(isUsed, { params: { id: userId } })).rejects.toBeInstanceOf(CancelledError);
    expect(sessionLost).toHaveBeenCalledTimes(1);
  });

  it('lets the session probe see a 401 without logging out', async () => {
    scriptServer([
      { status: 401, body: errorBody('UNAUTHENTICATED') },
      { status: 401, body: errorBody('UNAUTHENTICATED') },
    ]);
    await expect(callEndpointWithStatus(authEndpoints.me, { params: { id: 'web' }, sessionRequired: false })).rejects.toMatchObject({ status: 401 });
    expect(sessionLost).not.toHaveBeenCalled();
  });

  it('turns an error body into an ApiError with its code, status and field errors', async () => {
    const fields = [{ field: 'email', rule: 'invalid_email', message: 'Invalid email.' }];
    scriptServer([{ status: 400, body: errorBody('VALIDATION_FAILED', fields) }]);
    const error = await callEndpoint(userEndpoints.create, { body: {} as BodyIn<typeof userEndpoints.create> }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'VALIDATION_FAILED', status: 400, fields });
  });

  it('does not treat a wrong password (auth call without token) as a lost session', async () => {
    const server = scriptServer([{ status: 401, body: errorBody('INVALID_CREDENTIALS') }]);
    await expect(callEndpoint(authEndpoints.login, { body: { email: 'a@b.co', password: 'x' } })).rejects.toMatchObject({ code: 'INVALID_CREDENTIALS' });
    expect(sessionLost).not.toHaveBeenCalled();
    expect(server.calls).toEqual([{ url: pathOf(authEndpoints.login), auth: null }]);
  });

  it('hands a 503 MAINTENANCE to the maintenance handler, and keeps the last 5 request ids', async () => {
    const maintenance = vi.fn();
    setMaintenanceHandler(maintenance);
    let n = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url === pathOf(authEndpoints.token)) return json(200, { data: { accessToken: 't', expiresAt: new Date(Date.now() + 300_000).toISOString() } });
        n += 1;
        const headers = { 'x-request-id': `req-${n}` };
        return n < 7
          ? new Response(JSON.stringify(isUsedBody(0)), { status: 200, headers })
          : new Response(JSON.stringify(errorBody('MAINTENANCE')), { status: 503, headers });
      }),
    );
    for (let i = 0; i < 6; i++) await callEndpoint(isUsed, { params: { id: userId } });
    expect(maintenance).not.toHaveBeenCalled();
    await expect(callEndpoint(isUsed, { params: { id: userId } })).rejects.toMatchObject({ code: 'MAINTENANCE', status: 503 });
    expect(maintenance).toHaveBeenCalledTimes(1);
    expect(lastRequestIds()).toEqual(['req-7', 'req-6', 'req-5', 'req-4', 'req-3']);
  });
});
