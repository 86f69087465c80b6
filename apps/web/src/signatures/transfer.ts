import type { Audience } from '@paraphe/contracts';
import { apiErrorFromBody } from '../api/apiError.ts';
import { buildUrl, tokenManager, type QueryValue } from '../api/client.ts';

/**
 * Multipart uploads and file downloads, which the JSON client does not do: same bearer token, same error
 * shape (ApiError), a refused token renewed once.
 */
async function fetchWithToken(url: string, audience: Audience, init: RequestInit): Promise<Response> {
  const attempt = async () =>
    fetch(url, { ...init, credentials: 'include', headers: { Authorization: `Bearer ${await tokenManager.get(audience)}` } });
  let response = await attempt();
  if (response.status === 401) {
    tokenManager.invalidate(audience);
    response = await attempt();
  }
  if (!response.ok) {
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON: apiErrorFromBody falls back to the status
    }
    throw apiErrorFromBody(response.status, body);
  }
  return response;
}

export async function postForm(path: string, form: FormData, audience: Audience): Promise<unknown> {
  const response = await fetchWithToken(path, audience, { method: 'POST', body: form });
  return response.json() as Promise<unknown>;
}

/** The file name of a content-disposition header (the UTF-8 form first). */
export function fileNameOf(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const utf8 = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (utf8?.[1]) return decodeURIComponent(utf8[1]);
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  return plain?.[1] ?? fallback;
}

/** Downloads a file through a blob; resolves false when the server had nothing (204). */
export async function downloadFile(path: string, audience: Audience, fallbackName: string, query?: Record<string, QueryValue>): Promise<boolean> {
  const response = await fetchWithToken(buildUrl(path, query), audience, { method: 'GET' });
  if (response.status === 204) return false;
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileNameOf(response.headers.get('content-disposition'), fallbackName);
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return true;
}
