/**
 * Pure helpers of the /vipclub/ page: spec 9 money and Berlin dates in the page language, the
 * status-bar cookie (spec 8), and which subscriptions a refresh shows as just started (spec 4:
 * a just-started subscription is reported to analytics as vip_abo_update / vxtv_abo_update).
 */
import type { Language } from '@vela/contracts/common';
import {
  STATUS_BAR_COOKIE,
  STATUS_BAR_TYPES,
  type StatusBarType,
  type SubscriptionsState,
} from '@vela/contracts/subscriptions-api';
import { coinsForEuroCents } from '@vela/domain/coins';
import { formatAmount, formatMoney } from '@vela/domain/money-format';
import { moneyMessages } from '@vela/i18n/messages/money';
import { vipclubMessages } from '@vela/i18n/messages/vipclub';
import { localeOf, translator } from '@vela/i18n/translate';

export function vipclubText(lang: Language) {
  const money = translator(moneyMessages, lang);
  const dates = new Intl.DateTimeFormat(localeOf(lang), { dateStyle: 'long', timeZone: 'Europe/Berlin' });
  return {
    t: translator(vipclubMessages, lang),
    euro: (cents: number) => formatMoney(cents, 'EUR', lang),
    coins: (cents: number) => {
      const count = coinsForEuroCents(cents);
      return money('coins', { count, amount: formatAmount(count, 'VXC') });
    },
    date: (iso: string) => dates.format(new Date(iso)),
  };
}
export type VipClubText = ReturnType<typeof vipclubText>;

/** The status bar type stored in the cookie, or null. */
export function statusBarOfCookie(cookieHeader: string | null | undefined): StatusBarType | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name !== STATUS_BAR_COOKIE) continue;
    const value = decodeURIComponent(rest.join('='));
    return (STATUS_BAR_TYPES as readonly string[]).includes(value) ? (value as StatusBarType) : null;
  }
  return null;
}

/** The cookie string that removes the status bar (the page's removeStatusBar). */
export const CLEAR_STATUS_BAR_COOKIE = `${STATUS_BAR_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`;

export interface StartedEvent {
  action: 'vip_abo_update' | 'vxtv_abo_update';
  data: { isStarted: true; vipAboStatus: string; vxtvAboStatus: string; priceCents: number };
}

/** Subscriptions present after a dialog success that were not before: the analytics events to send. */
export function startedSubscriptions(
  before: SubscriptionsState | null,
  after: SubscriptionsState,
): StartedEvent[] {
  const vipAboStatus = after.vip?.status ?? 'none';
  const vxtvAboStatus = after.tv?.status ?? (after.vip ? after.vip.status : 'none');
  const events: StartedEvent[] = [];
  for (const product of ['vip', 'tv'] as const) {
    const now = after[product];
    if (!now || (before?.[product] && before[product]?.id === now.id)) continue;
    events.push({
      action: product === 'vip' ? 'vip_abo_update' : 'vxtv_abo_update',
      data: { isStarted: true, vipAboStatus, vxtvAboStatus, priceCents: now.price.value },
    });
  }
  return events;
}
