import * as avs from '@vela/domain/avs';
import * as restrictions from '@vela/domain/restrictions';
import { describe, expect, it } from 'vitest';
import {
  AVS_STATUSES,
  AvsSocketEventSchema,
  GUEST_ROLES,
  RESTRICTION_REASONS,
  RestrictedErrorBodySchema,
} from './guest.ts';

describe('guest contracts agree with the domain rules (spec 4, 6)', () => {
  it('age verification statuses are unknown, pending, rejected, accepted', () => {
    expect(AVS_STATUSES).toEqual(avs.AVS_STATUSES);
  });

  it('restriction reasons are need-login, need-age-check, need-subscription, need-purchase', () => {
    expect(RESTRICTION_REASONS).toEqual(restrictions.RESTRICTION_REASONS);
  });

  it('the nine roles of spec 6', () => {
    expect(GUEST_ROLES).toEqual(restrictions.GUEST_ROLES);
    expect(GUEST_ROLES).toHaveLength(9);
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
