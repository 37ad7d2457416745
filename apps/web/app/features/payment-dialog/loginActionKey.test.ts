import { ON_LOGIN_ACTION_STORAGE_KEY } from '@vela/contracts/payment-messages';
import { describe, expect, it } from 'vitest';
import { storeLoginAction, takeStoredLoginAction } from './loginAction.ts';
import { LOGIN_ACTION_STORAGE_KEY } from './loginActionKey.ts';

describe('the login action key of the first render', () => {
  it('is the contract key: what the page stores at open, the after-login step finds', () => {
    expect(LOGIN_ACTION_STORAGE_KEY).toBe(ON_LOGIN_ACTION_STORAGE_KEY);
    const items = new Map<string, string>();
    const storage = {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => void items.set(key, value),
      removeItem: (key: string) => void items.delete(key),
    };
    const action = { type: 'showPaytour', params: {} } as const;
    storage.setItem(LOGIN_ACTION_STORAGE_KEY, JSON.stringify(action));
    expect(takeStoredLoginAction(storage)).toEqual(action);
    storeLoginAction(storage, action);
    expect(storage.getItem(LOGIN_ACTION_STORAGE_KEY)).toBe(JSON.stringify(action));
  });
});
