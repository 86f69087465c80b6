import { describe, expect, it } from 'vitest';
import { buildReturnPath, rememberReturnPath, takeReturnPath, returnPathStorageKey } from './returnPath.ts';

function memoryStore() {
  const values = new Map<string, string>();
  return {
    values,
    getItem: (k: string) => values.get(k) ?? null,
    setItem: (k: string, v: string) => void values.set(k, v),
    removeItem: (k: string) => void values.delete(k),
  };
}

describe('return path after login', () => {
  it('keeps the asked path and its query, minus the authentication state and code', () => {
    expect(buildReturnPath('/users/list', '?search=dup&state=xyz&code=123456&page=2')).toBe('/users/list?search=dup&page=2');
  });
  it('gives the bare path when only auth parameters were present', () => {
    expect(buildReturnPath('/applications/view/42', '?code=1&state=2')).toBe('/applications/view/42');
  });
  it('has no return path for the login and logout screens', () => {
    expect(buildReturnPath('/', '?u=1')).toBeNull();
    expect(buildReturnPath('/logout', '')).toBeNull();
  });
  it('normalises a path without its leading slash', () => {
    expect(buildReturnPath('home', '?u=1')).toBe('/home?u=1');
  });
  it('returns to the remembered path once, then to /home', () => {
    const store = memoryStore();
    rememberReturnPath(store, '/outbox', '?channel=sms&state=s');
    expect(store.values.get(returnPathStorageKey)).toBe('/outbox?channel=sms');
    expect(takeReturnPath(store)).toBe('/outbox?channel=sms');
    expect(takeReturnPath(store)).toBe('/home');
  });
  it('refuses a stored value that would leave the app', () => {
    const store = memoryStore();
    store.setItem(returnPathStorageKey, '//evil.example/x');
    expect(takeReturnPath(store)).toBe('/home');
  });
});
