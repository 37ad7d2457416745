import { buildGuestMe } from '@vela/contracts/build-guest-me';
import type { GuestMe } from '@vela/contracts/guest-api';
import type { SubscriptionsState, SubscriptionView } from '@vela/contracts/subscriptions-api';
import { getVipButtonAction } from '@vela/domain/restrictions';
import { describe, expect, it } from 'vitest';
import { snapshotOfViewer } from '../auth/useViewer.tsx';
import {
  CLEAR_STATUS_BAR_COOKIE,
  startedSubscriptions,
  statusBarOfCookie,
  vipclubText,
} from './membership.ts';

const view = (over: Partial<SubscriptionView> = {}): SubscriptionView => ({
  id: '7',
  product: 'vip',
  status: 'active',
  trial: false,
  price: { value: 1999, currency: 'EUR' },
  periodDays: 30,
  startedAt: '2026-11-22T10:00:00.000Z',
  currentPeriodStart: '2026-11-22T10:00:00.000Z',
  currentPeriodEnd: '2026-12-22T10:00:00.000Z',
  nextRenewal: { at: '2026-12-22T10:00:00.000Z', price: { value: 1999, currency: 'EUR' } },
  endsAt: null,
  cancelledAt: null,
  endReason: null,
  cancellationOffer: {
    available: true,
    accepted: false,
    percent: 50,
    price: { value: 1000, currency: 'EUR' },
  },
  ...over,
});

const state = (vip: SubscriptionView | null, tv: SubscriptionView | null = null): SubscriptionsState => ({
  vip,
  tv,
  isVip: vip !== null,
  isVXTVAboSubscriber: vip !== null || tv !== null,
  trialAvailable: vip === null,
  offered: { vip: true, tv: true },
  plans: {
    vip: { price: { value: 1999, currency: 'EUR' }, periodDays: 30 },
    tv: { price: { value: 999, currency: 'EUR' }, periodDays: 30 },
    vipTrial: { price: { value: 199, currency: 'EUR' }, periodDays: 7 },
  },
  balanceCents: 0,
});

const guest = (over: Partial<GuestMe> = {}): GuestMe =>
  buildGuestMe({ id: '12', name: 'Lena', email: 'lena@example.com', ...over });

describe('Get-VIP button (spec 6) fed by the real isVip of GuestMe', () => {
  it('while VIP is offered: login for visitors, the VIP dialog for non-VIP, nothing for VIP', () => {
    expect(getVipButtonAction(snapshotOfViewer(null), true)).toBe('login');
    expect(getVipButtonAction(snapshotOfViewer(guest()), true)).toBe('vip-dialog');
    expect(
      getVipButtonAction(snapshotOfViewer(guest({ isVip: true, isVXTVAboSubscriber: true })), true),
    ).toBeNull();
  });

  it('today VIP is offered (it delivers live preview 20, issue 16): login for a visitor, the VIP dialog for a guest', () => {
    expect(getVipButtonAction(snapshotOfViewer(null))).toBe('login');
    expect(getVipButtonAction(snapshotOfViewer(guest()))).toBe('vip-dialog');
  });

  it('a TV subscriber is a TV subscriber, a VIP counts as one (spec 6)', () => {
    expect(snapshotOfViewer(guest({ isVXTVAboSubscriber: true })).isTvSubscriber).toBe(true);
    expect(snapshotOfViewer(guest({ isVip: true, isVXTVAboSubscriber: true })).isTvSubscriber).toBe(true);
  });
});

describe('analytics: a just-started subscription is reported (spec 4, events vip_abo_update / vxtv_abo_update)', () => {
  it('a subscription that appeared since the last read is reported once, with its price', () => {
    expect(startedSubscriptions(state(null), state(view()))).toEqual([
      {
        action: 'vip_abo_update',
        data: { isStarted: true, vipAboStatus: 'active', vxtvAboStatus: 'active', priceCents: 1999 },
      },
    ]);
    const tv = view({ id: '9', product: 'tv', price: { value: 999, currency: 'EUR' } });
    expect(startedSubscriptions(state(null), state(null, tv))).toEqual([
      {
        action: 'vxtv_abo_update',
        data: { isStarted: true, vipAboStatus: 'none', vxtvAboStatus: 'active', priceCents: 999 },
      },
    ]);
  });

  it('an unchanged subscription is not reported again', () => {
    expect(startedSubscriptions(state(view()), state(view()))).toEqual([]);
  });
});

describe('status bar (spec 8: accepted cancellation offer sets the status-bar cookie)', () => {
  it('reads the known status bar types from the cookie and ignores others', () => {
    expect(statusBarOfCookie('a=1; vela_status_bar=cancellation-offer-accepted; b=2')).toBe(
      'cancellation-offer-accepted',
    );
    expect(statusBarOfCookie('vela_status_bar=nonsense')).toBeNull();
    expect(statusBarOfCookie('')).toBeNull();
    expect(CLEAR_STATUS_BAR_COOKIE).toContain('Max-Age=0');
  });
});

describe('vipclub words and numbers in four languages (spec 9)', () => {
  it('prices in euro with a decimal comma and coins; dates in the page language', () => {
    const de = vipclubText('de');
    expect(de.t('plan.price', { price: de.euro(1999), days: 30 })).toBe('19,99\u00a0€ alle 30 Tage');
    expect(de.coins(1999)).toBe('80 Coins');
    expect(de.date('2026-12-22T10:00:00.000Z')).toBe('22. Dezember 2026');
    const es = vipclubText('es');
    expect(es.t('endsOn', { date: es.date('2026-12-22T10:00:00.000Z') })).toBe(
      'Termina el 22 de diciembre de 2026',
    );
    expect(vipclubText('nl').t('getVip')).toBe('Word VIP');
    expect(vipclubText('en').euro(999)).toBe('€9,99');
  });
});
