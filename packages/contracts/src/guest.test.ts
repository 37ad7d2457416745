import * as avs from '@vela/domain/avs';
import * as restrictions from '@vela/domain/restrictions';
import { describe, expect, it } from 'vitest';
import {
  AvsSocketEventSchema,
  AvsStatusSchema,
  GuestRoleSchema,
  RestrictedErrorBodySchema,
  RestrictionReasonSchema,
} from './guest.ts';

describe('guest contracts are built from the domain rules (spec 4, 6)', () => {
  it('age verification statuses are unknown, pending, rejected, accepted', () => {
    expect(AvsStatusSchema.options).toEqual(['unknown', 'pending', 'rejected', 'accepted']);
    expect(AvsStatusSchema.options).toEqual(avs.AVS_STATUSES);
  });

  it('restriction reasons are need-login, need-age-check, need-subscription, need-purchase', () => {
    expect(RestrictionReasonSchema.options).toEqual([
      'need-login',
      'need-age-check',
      'need-subscription',
      'need-purchase',
    ]);
  });

  it('the nine roles of spec 6', () => {
    expect(GuestRoleSchema.options).toEqual(restrictions.GUEST_ROLES);
    expect(GuestRoleSchema.options).toHaveLength(9);
  });

  it('the four AVS socket events parse and feed the state machine', () => {
    for (const name of avs.AVS_EVENTS) {
      const event = AvsSocketEventSchema.parse({ type: name });
      expect(avs.avsStateOfEvent(event).status).toBeTypeOf('string');
    }
    expect(AvsSocketEventSchema.safeParse({ type: 'avsMaybe' }).success).toBe(false);
  });

  it('a restricted error body names its reason', () => {
    const body = {
      success: false,
      error: { code: 'RESTRICTED', message: 'login first', reason: 'need-login' },
    };
    expect(RestrictedErrorBodySchema.parse(body)).toEqual(body);
    expect(
      RestrictedErrorBodySchema.safeParse({ ...body, error: { ...body.error, reason: 'need-money' } })
        .success,
    ).toBe(false);
  });
});
