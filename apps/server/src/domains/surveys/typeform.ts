import type { SurveyForm } from '@paraphe/contracts';

/**
 * The four calls of Typeform's documented REST API the connector needs (developer.typeform.com: "Create API" →
 * `GET /me`, `GET /forms`, `GET /forms/{form_id}`; "Responses API" → `GET /forms/{form_id}/responses`), with a
 * personal access token as a bearer. Plain fetch rather than @typeform/api-client: that client brings axios (a
 * second HTTP stack) for four GETs, and this way timeouts and the mapping of statuses stay explicit.
 */
export type TypeformFailure = 'invalid' | 'not_found' | 'unavailable';

export class TypeformError extends Error {
  readonly reason: TypeformFailure;
  constructor(reason: TypeformFailure, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'TypeformError';
    this.reason = reason;
  }
}

export interface TypeformAccount {
  alias: string | null;
  email: string | null;
}

export interface TypeformClient {
  me(): Promise<TypeformAccount>;
  /** The account's forms, newest first, up to `limit` (Typeform pages by 200 at most). */
  forms(limit?: number): Promise<SurveyForm[]>;
  form(id: string): Promise<SurveyForm>;
  responseCount(formId: string): Promise<number>;
}

interface RawForm {
  id?: unknown;
  title?: unknown;
  _links?: { display?: unknown };
}

const asForm = (raw: RawForm): SurveyForm | null =>
  typeof raw.id === 'string'
    ? { id: raw.id, title: typeof raw.title === 'string' ? raw.title : raw.id, url: typeof raw._links?.display === 'string' ? raw._links.display : '' }
    : null;

export function typeformClient(opts: { baseUrl: string; token: string; timeoutMs?: number; fetch?: typeof fetch }): TypeformClient {
  const call = opts.fetch ?? fetch;
  async function get(path: string): Promise<unknown> {
    let response: Response;
    try {
      response = await call(`${opts.baseUrl}${path}`, {
        headers: { authorization: `Bearer ${opts.token}`, accept: 'application/json' },
        signal: AbortSignal.timeout(opts.timeoutMs ?? 10_000),
      });
    } catch (error) {
      throw new TypeformError('unavailable', `Typeform cannot be reached (${(error as Error).message}).`, { cause: error });
    }
    if (response.status === 401 || response.status === 403) {
      await response.body?.cancel();
      throw new TypeformError('invalid', `Typeform refused the token (HTTP ${response.status}).`);
    }
    if (response.status === 404) {
      await response.body?.cancel();
      throw new TypeformError('not_found', 'Typeform does not know this form.');
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new TypeformError('unavailable', `Typeform answered HTTP ${response.status}.`);
    }
    try {
      return await response.json();
    } catch (error) {
      throw new TypeformError('unavailable', 'Typeform answered something that is not JSON.', { cause: error });
    }
  }
  return {
    async me() {
      const body = (await get('/me')) as { alias?: unknown; email?: unknown };
      return { alias: typeof body.alias === 'string' ? body.alias : null, email: typeof body.email === 'string' ? body.email : null };
    },
    async forms(limit = 200) {
      const body = (await get(`/forms?page_size=${Math.min(limit, 200)}`)) as { items?: RawForm[] };
      return (Array.isArray(body.items) ? body.items : []).map(asForm).filter((f): f is SurveyForm => f !== null);
    },
    async form(id) {
      const form = asForm((await get(`/forms/${encodeURIComponent(id)}`)) as RawForm);
      if (!form) throw new TypeformError('unavailable', 'Typeform answered a form without an id.');
      return form;
    },
    async responseCount(formId) {
      const body = (await get(`/forms/${encodeURIComponent(formId)}/responses?page_size=1`)) as { total_items?: unknown };
      return typeof body.total_items === 'number' ? body.total_items : 0;
    },
  };
}
