import { describe, expect, it } from 'vitest';
import { CHAT_TYPE_RULES, chatPricePerMinute } from './chat-types.ts';
import { decideShowAdmission, endsAtShowStart, type ScheduledShow, showPhase } from './ticket-show.ts';

const show = (over: Partial<ScheduledShow> = {}): ScheduledShow => ({
  id: 7,
  actorId: 3,
  startsAt: new Date(1_000),
  endsAt: new Date(2_000),
  cancelledAt: null,
  ...over,
});

describe('ticket shows (issue 18)', () => {
  it('a show runs from its start (inclusive) to its end (exclusive) unless cancelled', () => {
    expect(showPhase(show(), 999)).toBe('upcoming');
    expect(showPhase(show(), 1_000)).toBe('running');
    expect(showPhase(show(), 1_999)).toBe('running');
    expect(showPhase(show(), 2_000)).toBe('ended');
    expect(showPhase(show({ cancelledAt: new Date(0) }), 1_500)).toBe('cancelled');
  });

  it('admission: a holder of the running show is admitted; others TICKET_REQUIRED; before the start SHOW_NOT_STARTED; none SHOW_NOT_RUNNING', () => {
    const running = show();
    expect(decideShowAdmission({ type: 'ticket-show', running, upcoming: null, hasTicket: true })).toEqual({
      ok: true,
      showId: 7,
    });
    expect(
      decideShowAdmission({ type: 'ticket-show', running, upcoming: null, hasTicket: false }),
    ).toMatchObject({
      ok: false,
      code: 'TICKET_REQUIRED',
      showId: 7,
    });
    expect(
      decideShowAdmission({ type: 'ticket-show', running: null, upcoming: running, hasTicket: true }),
    ).toMatchObject({ ok: false, code: 'SHOW_NOT_STARTED' });
    expect(
      decideShowAdmission({ type: 'ticket-show', running: null, upcoming: null, hasTicket: true }),
    ).toMatchObject({ ok: false, code: 'SHOW_NOT_RUNNING' });
  });

  it('spec 8 908: another chat type is refused while the show runs and goes on without one', () => {
    expect(
      decideShowAdmission({ type: 'livechat', running: show(), upcoming: null, hasTicket: true }),
    ).toEqual({
      ok: false,
      code: 'SHOW_RUNNING',
      exitCode: 908,
      showId: 7,
    });
    expect(
      decideShowAdmission({ type: 'livechat', running: null, upcoming: show(), hasTicket: false }),
    ).toEqual({
      ok: true,
      showId: null,
    });
    expect(endsAtShowStart('livechat')).toBe(true);
    expect(endsAtShowStart('ticket-show')).toBe(false);
  });

  it('a ticket-show session costs 0 per minute (the ticket paid), needs a login, is not exclusive', () => {
    const rule = CHAT_TYPE_RULES['ticket-show'];
    expect(rule).toMatchObject({
      priceField: null,
      needsLogin: true,
      exclusive: false,
      needsPerformerAccept: false,
    });
    expect(
      chatPricePerMinute('ticket-show', {
        isOnline: true,
        freeChat: false,
        isLivePreviewEnabled: false,
        isVoyeurChatAvailable: false,
        bannedCountryCodes: [],
        prices: { single: 100, singlec2c: 100, voyeur: 100, video: 100 },
        multiChatPrice: 100,
        singleC2CChatPrice: 100,
      }),
    ).toBe(0);
  });
});
