import { describe, expect, it } from 'vitest';
import { ApiError } from './apiError.ts';
import { apiErrorToastKey, createToastDeduper, type ShowToast } from './toasts.ts';

function setup() {
  const shown: Array<{ message: string; close: () => void }> = [];
  const show: ShowToast = ({ message, onClose }) => shown.push({ message, close: onClose });
  return { deduper: createToastDeduper(show), shown };
}

describe('toast deduplication', () => {
  it('does not show the same text twice while it is on screen', () => {
    const { deduper, shown } = setup();
    expect(deduper.notify('Oops')).toBe(true);
    expect(deduper.notify('Oops')).toBe(false);
    expect(deduper.notify('No rights')).toBe(true);
    expect(shown.map((s) => s.message)).toEqual(['Oops', 'No rights']);
  });

  it('shows the text again once the previous toast closed', () => {
    const { deduper, shown } = setup();
    deduper.notify('Oops');
    shown[0]?.close();
    expect(deduper.activeCount()).toBe(0);
    expect(deduper.notify('Oops')).toBe(true);
    expect(shown).toHaveLength(2);
  });

  it('tells a success apart from an error with the same words', () => {
    const { deduper } = setup();
    expect(deduper.notify('Saved', 'success')).toBe(true);
    expect(deduper.notify('Saved', 'error')).toBe(true);
  });
});

describe('the toast of a failed call (issue 25 item 16)', () => {
  const error = (code: string, status: number) => new ApiError({ code, status, message: code });

  it('shows none for maintenance: the maintenance page says it, not an "Oops" beside it', () => {
    expect(apiErrorToastKey(error('MAINTENANCE', 503))).toBeNull();
  });

  it('keeps the rights, unavailable and generic messages', () => {
    expect(apiErrorToastKey(error('FORBIDDEN', 403))).toBe('errors.rights');
    expect(apiErrorToastKey(error('UNAVAILABLE', 503))).toBe('unavailable.nothingSaved');
    expect(apiErrorToastKey(error('INTERNAL', 500))).toBe('errors.generic');
  });
});
