import { describe, expect, it } from 'vitest';
import { surveyLink } from './invitations.ts';
import { TypeformError, typeformClient } from './typeform.ts';

const answering = (status: number, body: unknown) =>
  (async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })) as unknown as typeof fetch;

describe('Typeform client', () => {
  it('reads the account, the forms with their display address, and the answers count', async () => {
    const seen: string[] = [];
    const client = typeformClient({
      baseUrl: 'https://api.example',
      token: 'tfp_x',
      fetch: (async (url: string, init: RequestInit) => {
        seen.push(`${url} ${new Headers(init.headers).get('authorization')}`);
        const body = url.endsWith('/me')
          ? { alias: 'Ann', email: 'ann@example.com' }
          : url.includes('/responses')
            ? { total_items: 7 }
            : { items: [{ id: 'f1', title: 'One', _links: { display: 'https://x.typeform.com/to/f1' } }, { title: 'no id' }] };
        return new Response(JSON.stringify(body), { status: 200 });
      }) as unknown as typeof fetch,
    });
    expect(await client.me()).toEqual({ alias: 'Ann', email: 'ann@example.com' });
    expect(await client.forms()).toEqual([{ id: 'f1', title: 'One', url: 'https://x.typeform.com/to/f1' }]);
    expect(await client.responseCount('f 1')).toBe(7);
    expect(seen).toEqual([
      'https://api.example/me Bearer tfp_x',
      'https://api.example/forms?page_size=200 Bearer tfp_x',
      'https://api.example/forms/f%201/responses?page_size=1 Bearer tfp_x',
    ]);
  });

  it('names each failure: refused token, unknown form, anything else unavailable', async () => {
    const failure = (answer: typeof fetch) =>
      typeformClient({ baseUrl: 'https://api.example', token: 't', fetch: answer })
        .form('f1')
        .catch((e: unknown) => (e as TypeformError).reason);
    expect(await failure(answering(401, { code: 'AUTHENTICATION_FAILED' }))).toBe('invalid');
    expect(await failure(answering(403, {}))).toBe('invalid');
    expect(await failure(answering(404, { code: 'FORM_NOT_FOUND' }))).toBe('not_found');
    expect(await failure(answering(500, {}))).toBe('unavailable');
    expect(await failure((async () => new Response('<html>', { status: 200 })) as unknown as typeof fetch)).toBe('unavailable');
    expect(await failure((async () => Promise.reject(new TypeError('fetch failed'))) as unknown as typeof fetch)).toBe('unavailable');
  });
});

describe('survey link', () => {
  it('puts the hidden fields after #, encoded, replacing any fragment of the display address', () => {
    expect(surveyLink('https://acme.typeform.com/to/abc#old=1', { requestId: 'r1', signerId: 's 1', language: 'de' })).toBe(
      'https://acme.typeform.com/to/abc#request_id=r1&signer_id=s+1&lang=de',
    );
  });
});
