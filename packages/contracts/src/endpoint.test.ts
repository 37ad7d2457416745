import { describe, expect, it } from 'vitest';
import { endpointPath } from './endpoint.ts';
import { guestEndpoints } from './guest-api.ts';
import { walletEndpoints } from './wallet-api.ts';

describe('endpointPath: a call built from its declaration', () => {
  it('fills the params URI-encoded and appends the given query, leaving out what is undefined', () => {
    expect(endpointPath(guestEndpoints.endSession, { params: { id: '12' } })).toBe('guest/sessions/12');
    expect(endpointPath(walletEndpoints.receipt, { params: { transferId: 'a/b c' } })).toBe(
      'guest/transactions/a%2Fb%20c/receipt',
    );
    expect(endpointPath(walletEndpoints.transactions, { query: { limit: 20, before: undefined } })).toBe(
      'guest/transactions?limit=20',
    );
    expect(endpointPath(guestEndpoints.me)).toBe('guest/me');
  });

  it('refuses a missing param instead of calling a wrong path', () => {
    expect(() => endpointPath(guestEndpoints.endSession, { params: {} })).toThrow(/param id missing/);
  });
});
