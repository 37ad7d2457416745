/**
 * The performer's messenger in the performer API (issue 19 deliverable 2, docs/decisions/0054 part 12):
 * the token's performer lists its channels, writes to a guest and sends paid media (a photo or a clip
 * of the pools, at the performer's price, locked until the guest buys it). Everything goes through the
 * messenger's port (`postPerformerMessage`: the same write and delivery as the simulator's answers) and
 * the media service (`offerPhoto`, `offerClip`), so a performer's message is stored, delivered and counted unread like any.
 *
 * Refusals: another performer's (or no) channel MESSENGER_CHANNEL_NOT_FOUND (404), a channel blocked by
 * either side MESSENGER_CHANNEL_BLOCKED (409), a key the guest (or another channel) used
 * IDEMPOTENCY_KEY_REUSED (409). A key already used by the performer in the channel answers the stored
 * message (`alreadySent`), nothing is sent or offered again; media offered for a message that was not
 * sent is discarded (never on sale without a message).
 */
import type { Language } from '@vela/contracts/common';
import type { PerformerMessengerChannel } from '@vela/contracts/messenger';
import { AppError } from '../../http/errors.ts';
import type { GuestNotifier } from '../feature-module.ts';
import type { MessengerActorSide, PerformerMessageResult } from './messenger-actor-side.ts';
import type { MessengerMediaService } from './messenger-media.service.ts';
import { notifyActorMessage } from './performer-replies.ts';

export interface PerformerMessengerDeps {
  actorSide: Pick<MessengerActorSide, 'postPerformerMessage' | 'channelOfActor' | 'channelsOfActor'>;
  media: Pick<MessengerMediaService, 'offerPhoto' | 'offerClip' | 'discard'>;
  /** Guests' screen names by id (one read for a list). */
  guestNames: (guestIds: readonly number[]) => Promise<Map<number, string>>;
  actorName: (actorId: number) => Promise<string | null>;
  notify?: GuestNotifier | undefined;
}

export interface PerformerSendAnswer {
  channelId: string;
  messageId: string;
  mediaId: string | null;
  alreadySent: boolean;
}

const notFound = () => new AppError('MESSENGER_CHANNEL_NOT_FOUND', 'No such channel of yours', 404);
const blocked = () => new AppError('MESSENGER_CHANNEL_BLOCKED', 'This channel is blocked', 409);

export function createPerformerMessenger(deps: PerformerMessengerDeps) {
  const { actorSide } = deps;

  /** The answer of a send, or its refusal; a fresh message notifies the guest (type messengerMessage). */
  async function answer(actorId: number, result: PerformerMessageResult): Promise<PerformerSendAnswer> {
    switch (result.status) {
      case 'notFound':
        throw notFound();
      case 'blocked':
        throw blocked();
      case 'keyReused':
        throw new AppError('IDEMPOTENCY_KEY_REUSED', 'This key was used for another message', 409);
    }
    const { message } = result;
    if (result.status === 'sent')
      await notifyActorMessage(deps, {
        guestId: result.guestId,
        actorId,
        channelId: message.channelId,
        messageId: message.id,
        language: result.language as Language,
      });
    return {
      channelId: message.channelId,
      messageId: message.id,
      mediaId: message.media?.mediaId ?? null,
      alreadySent: result.status === 'resent',
    };
  }

  return {
    async channels(actorId: number, limit: number): Promise<PerformerMessengerChannel[]> {
      const rows = await actorSide.channelsOfActor(actorId, limit);
      const names = await deps.guestNames([...new Set(rows.map((row) => row.guestId))]);
      return rows.map((row) => ({
        channelId: row.channelId,
        guestName: names.get(row.guestId) ?? '',
        blocked: row.blocked,
        lastMessage: row.lastMessage,
      }));
    },

    async sendText(
      actorId: number,
      channelId: string,
      text: string,
      idempotencyKey?: string,
    ): Promise<PerformerSendAnswer> {
      const result = await actorSide.postPerformerMessage({
        actorId,
        channelId,
        text,
        messageType: 'text',
        idempotencyKey,
      });
      return answer(actorId, result);
    },

    /** A paid photo or clip of the pools at `priceCents`, with the caption as the message's text. */
    async sendMedia(
      actorId: number,
      channelId: string,
      input: {
        kind: 'photo' | 'clip';
        priceCents: number;
        caption?: string | undefined;
        idempotencyKey: string;
      },
    ): Promise<PerformerSendAnswer> {
      const channel = await actorSide.channelOfActor(actorId, channelId);
      if (!channel) throw notFound();
      if (channel.blocked) throw blocked();
      const offer = input.kind === 'clip' ? deps.media.offerClip : deps.media.offerPhoto;
      const offered = await offer(
        { channelId: Number(channel.channelId), guestId: channel.guestId, actorId },
        input.priceCents,
      );
      let result: PerformerMessageResult;
      try {
        result = await actorSide.postPerformerMessage({
          actorId,
          channelId,
          text: input.caption ?? '',
          mediaId: String(offered.id),
          messageType: 'media',
          idempotencyKey: input.idempotencyKey,
        });
      } catch (error) {
        await deps.media.discard(offered.id);
        throw error;
      }
      // A resend carries the first send's media; a refusal sends none: this offer is not for sale.
      if (result.status !== 'sent') await deps.media.discard(offered.id);
      return answer(actorId, result);
    },
  };
}
export type PerformerMessenger = ReturnType<typeof createPerformerMessenger>;
