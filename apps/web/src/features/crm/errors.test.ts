import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../shared/api/apiError.ts';

const shown: { message: string; kind: string }[] = [];
vi.mock('../../shared/api/notify.ts', () => ({
  notify: (message: string, kind: string) => shown.push({ message, kind }),
  notifyApiError: () => shown.push({ message: 'generic', kind: 'error' }),
}));
const { crmErrorDetails, notifyCrmError } = await import('./errors.ts');

const hubspotFailure = (errors: unknown) =>
  new ApiError({ code: 'CRM_UNAVAILABLE', status: 502, message: 'HubSpot could not answer', details: { status: 400, errors } });

describe('CRM errors (spec §8: each error detail is a toast)', () => {
  beforeEach(() => {
    shown.length = 0;
  });

  it('shows each of HubSpot’s messages as its own toast', () => {
    notifyCrmError(hubspotFailure(['There was a problem with the request.', 'Unknown property "phone2"']));
    expect(shown).toEqual([
      { message: 'HubSpot : There was a problem with the request.', kind: 'error' },
      { message: 'HubSpot : Unknown property "phone2"', kind: 'error' },
    ]);
  });

  it('keeps only text details, and falls back to the usual message for other failures', () => {
    expect(crmErrorDetails(hubspotFailure(['a', 3, '', null, 'b']))).toEqual(['a', 'b']);
    expect(crmErrorDetails(new Error('network'))).toEqual([]);
    notifyCrmError(new ApiError({ code: 'FORBIDDEN', status: 403, message: 'no' }));
    expect(shown).toEqual([{ message: 'generic', kind: 'error' }]);
  });
});
