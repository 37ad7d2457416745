/**
 * The show side's answers (issue 18): a show as a refusal or the performer API shows it, prices in
 * coins (spec 9) like every price a page sees.
 */
import type { ScheduledShow } from '@vela/contracts/ticket-show';
import { coinsForEuroCents } from '@vela/domain/coins';
import type { ScheduledShowRow } from '../performers/show-schedule.ts';
import type { ShowOffer } from './show-admission.ts';

const coins = (cents: number) => ({ value: coinsForEuroCents(cents), currency: 'VXC' as const });

export function showOfferView(show: ShowOffer) {
  return {
    id: show.id,
    title: show.title,
    price: coins(show.priceCents),
    startsAt: show.startsAt.toISOString(),
    endsAt: show.endsAt.toISOString(),
  };
}

export function scheduledShowView(row: ScheduledShowRow): ScheduledShow {
  return {
    id: row.id,
    actorId: row.actorId,
    title: row.title,
    description: row.description,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    price: coins(row.priceCents),
    isFree: row.isFree,
    isFeatured: row.isFeatured,
    isInternal: row.isInternal,
  };
}
