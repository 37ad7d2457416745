/**
 * What of the free offers leaves the server (decision 0038 part 9): a guest's live preview units
 * (contracts `LivePreviewAllowance`), the free chat time (`FreeChatDuration`, spec 3 "free chat
 * durations") and the live-show tab's offers of a performer (`LiveOffers`). Times as ISO strings.
 */
import type { FreeChatDuration, LiveOffers, LivePreviewAllowance } from '@vela/contracts/live';
import type { FreeChatTime, LiveService, PreviewAllowance } from './live.service.ts';

export function previewAllowanceView(allowance: PreviewAllowance): LivePreviewAllowance {
  return {
    unitsLimit: allowance.unitsLimit,
    unitsUsed: allowance.unitsUsed,
    unitsLeft: allowance.unitsLeft,
    unitMs: allowance.unitMs,
    nextUnitAt: allowance.nextUnitAt?.toISOString() ?? null,
    declinedUntil: allowance.declinedUntil?.toISOString() ?? null,
  };
}

export function freeChatDurationView(time: FreeChatTime): FreeChatDuration {
  return { msLeft: time.msLeft, msPerDay: time.msPerDay, renewsAt: time.renewsAt.toISOString() };
}

export function liveOffers(offers: Awaited<ReturnType<LiveService['offers']>>): LiveOffers {
  return {
    actorId: offers.actorId,
    preview: offers.preview
      ? { allowance: previewAllowanceView(offers.preview.allowance), refusal: offers.preview.refusal }
      : null,
    freeChat: offers.freeChat
      ? { duration: freeChatDurationView(offers.freeChat.duration), refusal: offers.freeChat.refusal }
      : null,
  };
}
