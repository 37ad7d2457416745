/**
 * The conversion chat use cases (issue 18 deliverable 3, decision 0047): enable and disable the
 * guest's trial countdown (spec 7 `guest/conversionChat`), the caller's state (countdown, eligibility,
 * the trial code), and the performers the modal offers (spec 9 "conversion chat actors 30"). The rules
 * are the domain's (packages/domain/conversion-chat.ts); who has paid is the payments module's answer,
 * whether the trial code was redeemed the promotions module's (its `check`).
 */
import {
  CONVERSION_CHAT_ACTORS_LIMIT,
  CONVERSION_CHAT_TRIAL_CODE,
  type ConversionChatAction,
  type ConversionChatGuest,
  countdownEndsOf,
  decideEnable,
  isConversionChatEligible,
} from '@vela/domain/conversion-chat';
import { AppError } from '../../http/errors.ts';
import type { Country } from '../../infra/country.ts';
import type { ConversionChatActorRow, ConversionChatRepository } from './conversion-chat.repository.ts';

export interface ConversionChatServiceDeps {
  repository: ConversionChatRepository;
  /** The payments module's answer: whether the guest has ever paid (spec 3 isPayingCustomer). */
  isPayingCustomer(guestId: number): Promise<boolean>;
  /** The promotions module's bonus code check (decision 0014): the trial code's reason for the guest. */
  checkCode(guestId: number, code: string): Promise<{ reason: string }>;
  now: () => number;
}

export function createConversionChatService(deps: ConversionChatServiceDeps) {
  const { repository } = deps;

  async function guestOf(guestId: number): Promise<ConversionChatGuest> {
    return { isLoggedIn: true, isPayingCustomer: await deps.isPayingCustomer(guestId) };
  }

  const iso = (date: Date | null) => (date ? date.toISOString() : null);

  async function enable(guestId: number) {
    const now = deps.now();
    const [guest, countdown] = await Promise.all([guestOf(guestId), repository.countdownOf(guestId)]);
    const decision = decideEnable(guest, countdown, now);
    if (!decision.ok) {
      throw decision.code === 'CONVERSION_CHAT_NOT_ELIGIBLE'
        ? new AppError(decision.code, 'The conversion chat is for guests who have not paid yet', 409)
        : new AppError(decision.code, 'Your conversion chat countdown is over', 409);
    }
    if (!decision.created) return { conversionChatCountdownEnds: decision.endsAt.toISOString() };
    const stored = await repository.startCountdown(guestId, new Date(now), decision.endsAt);
    // A parallel enable or disable may have won: answer what is stored.
    return { conversionChatCountdownEnds: iso(countdownEndsOf(guest, stored)) };
  }

  async function disable(guestId: number) {
    await repository.closeCountdown(guestId, new Date(deps.now()));
    return { conversionChatCountdownEnds: null };
  }

  return {
    /** Spec 7 `guest/conversionChat` POST. */
    async act(guestId: number, action: ConversionChatAction) {
      return action === 'enable' ? enable(guestId) : disable(guestId);
    },

    /** The caller's conversion chat: countdown end, eligibility (spec 4), the trial code and whether it was redeemed. */
    async stateOf(guestId: number) {
      const [guest, countdown, trial] = await Promise.all([
        guestOf(guestId),
        repository.countdownOf(guestId),
        deps.checkCode(guestId, CONVERSION_CHAT_TRIAL_CODE),
      ]);
      return {
        countdownEnds: iso(countdownEndsOf(guest, countdown)),
        eligible: isConversionChatEligible(guest, countdown, deps.now()),
        trialCode: CONVERSION_CHAT_TRIAL_CODE,
        trialRedeemed: trial.reason === 'ALREADY_REDEEMED',
      };
    },

    /** Spec 9: at most 30 online performers available for a conversion chat, offered in `country`. */
    actors(country: Country): Promise<ConversionChatActorRow[]> {
      return repository.onlineActors(country, CONVERSION_CHAT_ACTORS_LIMIT);
    },

    isAvailable: repository.isAvailable,
  };
}

export type ConversionChatService = ReturnType<typeof createConversionChatService>;
