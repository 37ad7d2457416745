import { describe, expect, it } from 'vitest';
import {
  aboStatusOf,
  assertCanAcceptOffer,
  assertCanCancel,
  assertCanResume,
  assertCanSubscribe,
  cancellationOfferAvailable,
  DAY_MS,
  firstPeriod,
  isDue,
  nextPeriod,
  offerAppliesToNextRenewal,
  offerOfFlow,
  offerPriceCents,
  PLANS,
  periodChargeKey,
  renewalChargeCents,
  type SubscriptionState,
  VIP_TRIAL,
  vip30Window,
} from './subscriptions.ts';

const now = new Date('2026-11-22T10:00:00Z');
const days = (n: number) => new Date(now.getTime() + n * DAY_MS);

const running = (over: Partial<SubscriptionState> = {}): SubscriptionState => ({
  product: 'vip',
  status: 'active',
  priceCents: PLANS.vip.priceCents,
  currentPeriodStart: days(-10),
  currentPeriodEnd: days(20),
  offerAcceptedAt: null,
  ...over,
});

describe('subscription plans (issue 4: VIP club and TV)', () => {
  it('flows vipabo and trialvipabo subscribe to VIP, vxabo and vxtvabo to TV', () => {
    expect(offerOfFlow('vipabo')).toEqual({ product: 'vip', trial: false });
    expect(offerOfFlow('trialvipabo')).toEqual({ product: 'vip', trial: true });
    expect(offerOfFlow('vxabo')).toEqual({ product: 'tv', trial: false });
    expect(offerOfFlow('vxtvabo')).toEqual({ product: 'tv', trial: false });
  });

  it('the first period is a full period at the plan price, the VIP trial 7 days at the trial price', () => {
    expect(firstPeriod('vip', false, now)).toEqual({ start: now, end: days(30), chargeCents: 1999 });
    expect(firstPeriod('tv', false, now)).toEqual({ start: now, end: days(30), chargeCents: 999 });
    expect(firstPeriod('vip', true, now)).toEqual({
      start: now,
      end: days(VIP_TRIAL.periodDays),
      chargeCents: VIP_TRIAL.priceCents,
    });
    expect(() => firstPeriod('tv', true, now)).toThrow(/trial/);
  });

  it('the ledger key of a period charge is subscription:<id>:<index>', () => {
    expect(periodChargeKey(12, 3)).toBe('subscription:12:3');
  });
});

describe('renewal periods', () => {
  it('follow the previous period without a gap', () => {
    expect(nextPeriod(now, days(0.5), 30)).toEqual({ start: now, end: days(30) });
  });

  it('start now when the renewal is later than a whole period (nobody pays for time past)', () => {
    const late = days(45);
    expect(nextPeriod(now, late, 30)).toEqual({ start: late, end: days(75) });
  });

  it('are due once the current period has ended, for active and cancelled subscriptions only', () => {
    expect(isDue(running({ currentPeriodEnd: now }), now)).toBe(true);
    expect(isDue(running({ currentPeriodEnd: days(1) }), now)).toBe(false);
    expect(isDue(running({ status: 'cancelled', currentPeriodEnd: days(-1) }), now)).toBe(true);
    expect(isDue(running({ status: 'ended', currentPeriodEnd: days(-1) }), now)).toBe(false);
  });
});

describe('cancellation offer (spec 7 guest/acceptCancellationOffer)', () => {
  it('is 50 % off the next period, rounded up to a whole cent', () => {
    expect(offerPriceCents(1999)).toBe(1000);
    expect(offerPriceCents(999)).toBe(500);
    expect(offerPriceCents(1000)).toBe(500);
  });

  it('applies to the renewal right after the period it was accepted in, then the normal price again', () => {
    const accepted = running({ offerAcceptedAt: days(-1) });
    expect(offerAppliesToNextRenewal(accepted)).toBe(true);
    expect(renewalChargeCents(accepted)).toBe(1000);
    const renewed = { ...accepted, currentPeriodStart: days(20), currentPeriodEnd: days(50) };
    expect(offerAppliesToNextRenewal(renewed)).toBe(false);
    expect(renewalChargeCents(renewed)).toBe(1999);
  });

  it('can be taken once per subscription, while the period runs', () => {
    expect(cancellationOfferAvailable(running(), now)).toBe(true);
    expect(cancellationOfferAvailable(running({ status: 'cancelled' }), now)).toBe(true);
    expect(cancellationOfferAvailable(running({ offerAcceptedAt: days(-2) }), now)).toBe(false);
    expect(cancellationOfferAvailable(running({ currentPeriodEnd: now }), now)).toBe(false);
    expect(() => assertCanAcceptOffer(running({ offerAcceptedAt: days(-2) }), now)).toThrow(
      expect.objectContaining({ code: 'OFFER_NOT_AVAILABLE' }),
    );
    expect(() => assertCanAcceptOffer(running({ status: 'ended' }), now)).toThrow(
      expect.objectContaining({ code: 'NOT_SUBSCRIBED' }),
    );
  });
});

describe('cancel and resume', () => {
  it('a running subscription can be cancelled once, before its period is over', () => {
    expect(() => assertCanCancel(running(), now)).not.toThrow();
    expect(() => assertCanCancel(running({ status: 'cancelled' }), now)).toThrow(
      expect.objectContaining({ code: 'ALREADY_CANCELLED' }),
    );
    expect(() => assertCanCancel(running({ status: 'ended' }), now)).toThrow(
      expect.objectContaining({ code: 'NOT_SUBSCRIBED' }),
    );
    expect(() => assertCanCancel(running({ currentPeriodEnd: now }), now)).toThrow(
      expect.objectContaining({ code: 'PERIOD_OVER' }),
    );
  });

  it('a cancelled subscription can be resumed before its period ends', () => {
    expect(() => assertCanResume(running({ status: 'cancelled' }), now)).not.toThrow();
    expect(() => assertCanResume(running(), now)).toThrow(
      expect.objectContaining({ code: 'NOT_SUBSCRIBED' }),
    );
    expect(() => assertCanResume(running({ status: 'cancelled', currentPeriodEnd: now }), now)).toThrow(
      expect.objectContaining({ code: 'PERIOD_OVER' }),
    );
  });
});

describe('who may subscribe (spec 6: VIP counts as TV subscriber)', () => {
  const none = { vip: false, tv: false };
  it('the same product twice is refused', () => {
    expect(() => assertCanSubscribe('vip', false, { vip: true, tv: false }, false)).toThrow(
      expect.objectContaining({ code: 'ALREADY_SUBSCRIBED' }),
    );
  });

  it('TV while VIP runs is refused (VIP includes TV); VIP while TV runs is allowed', () => {
    expect(() => assertCanSubscribe('tv', false, { vip: true, tv: false }, false)).toThrow(
      expect.objectContaining({ code: 'INCLUDED_IN_VIP' }),
    );
    expect(() => assertCanSubscribe('vip', false, { vip: false, tv: true }, false)).not.toThrow();
  });

  it('the VIP trial is available once per guest', () => {
    expect(() => assertCanSubscribe('vip', true, none, false)).not.toThrow();
    expect(() => assertCanSubscribe('vip', true, none, true)).toThrow(
      expect.objectContaining({ code: 'TRIAL_NOT_AVAILABLE' }),
    );
    expect(() => assertCanSubscribe('vip', false, none, true)).not.toThrow();
  });
});

describe('VIP update statuses and the VIP30 window', () => {
  it('vipAboStatus / vxtvAboStatus are none, active or cancelled', () => {
    expect(aboStatusOf(null)).toBe('none');
    expect(aboStatusOf({ status: 'ended' })).toBe('none');
    expect(aboStatusOf({ status: 'active' })).toBe('active');
    expect(aboStatusOf({ status: 'cancelled' })).toBe('cancelled');
  });

  it('the VIP30 offers of a period are the VIP videos of the 30 days before it starts', () => {
    expect(vip30Window(now)).toEqual({ from: days(-30), until: now });
  });
});
