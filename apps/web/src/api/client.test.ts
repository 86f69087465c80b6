import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { apiRaw, apiRequest, setSessionLostHandler, tokenManager } from './client.ts';
import { ApiError, CancelledError } from './apiError.ts';

type Reply = { status: number; body?: unknown };
const json = (status: number, body?: unknown) => new Response(body === undefined ? null : JSON.stringify(body), { status });
const errorBody = (code: string, fields?: unknown[]) => ({ error: { code, message: code, detail: `${code} : x`, ...(fields ? { fields } : {}) } });

/** Scripted server: token requests get fresh tokens, API calls get the queued replies in order. */
function scriptServer(apiReplies: Reply[]) {
  const calls: Array<{ url: string; auth: string | null }> = [];
  let minted = 0;
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const auth = new Headers(init?.headers).get('Authorization');
    calls.push({ url, auth });
    if (url === '/api/auth/token') {
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
    const server = scriptServer([{ status: 200, body: { data: { n: 1 } } }]);
    const result = await apiRequest('/api/x', z.object({ data: z.object({ n: z.number() }) }), { audience: 'user' });
    expect(result.data.n).toBe(1);
    expect(server.calls.at(-1)).toEqual({ url: '/api/x', auth: 'Bearer t1' });
  });

  it('renews a refused token once and replays the call', async () => {
    const server = scriptServer([{ status: 401, body: errorBody('TOKEN_INVALID') }, { status: 200, body: { data: 1 } }]);
    const { status } = await apiRaw('/api/x', { audience: 'user' });
    expect(status).toBe(200);
    expect(server.minted()).toBe(2);
    expect(server.calls.filter((c) => c.url === '/api/x').map((c) => c.auth)).toEqual(['Bearer t1', 'Bearer t2']);
    expect(sessionLost).not.toHaveBeenCalled();
  });

  it('logs out (silently) when the renewed token is refused too', async () => {
    scriptServer([{ status: 401, body: errorBody('TOKEN_INVALID') }, { status: 401, body: errorBody('TOKEN_INVALID') }]);
    await expect(apiRaw('/api/x', { audience: 'user' })).rejects.toBeInstanceOf(CancelledError);
    expect(sessionLost).toHaveBeenCalledTimes(1);
  });

  it('lets the session probe see a 401 without logging out', async () => {
    scriptServer([{ status: 401, body: errorBody('UNAUTHENTICATED') }, { status: 401, body: errorBody('UNAUTHENTICATED') }]);
    await expect(apiRaw('/api/Users/web/me', { audience: 'user', sessionRequired: false })).rejects.toMatchObject({ status: 401 });
    expect(sessionLost).not.toHaveBeenCalled();
  });

  it('turns an error body into an ApiError with its code, status and field errors', async () => {
    const fields = [{ field: 'email', rule: 'invalid_email', message: 'Invalid email.' }];
    scriptServer([{ status: 400, body: errorBody('VALIDATION_FAILED', fields) }]);
    const error = await apiRaw('/api/Users', { method: 'POST', audience: 'user', body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'VALIDATION_FAILED', status: 400, fields });
  });

  it('does not treat a wrong password (auth call without token) as a lost session', async () => {
    scriptServer([{ status: 401, body: errorBody('INVALID_CREDENTIALS') }]);
    await expect(apiRaw('/api/auth/login', { method: 'POST', audience: null, body: {} })).rejects.toMatchObject({ code: 'INVALID_CREDENTIALS' });
    expect(sessionLost).not.toHaveBeenCalled();
  });
});
