/**
 * The performer's side of the messenger (issue 19, docs/decisions/0054-messenger.md): the port the
 * performer replies (performer-replies.ts), paid media and toy control in the messenger use. The
 * messenger module creates it (messenger.service.ts) and hands it to that code through the module
 * factory; nothing else writes a performer's message.
 */
import type { Language } from '@vela/contracts/common';
import type { MessengerMessage } from '@vela/contracts/messenger';

/** A guest's message, after it was committed (and charged); `toy`: a toy action the toy felt. */
export interface GuestMessageEvent {
  channelId: string;
  guestId: number;
  actorId: number;
  messageId: string;
  messageType: 'text' | 'new_gift' | 'toy';
  text: string;
  /** The guest's page language at send. */
  language: Language;
}

export interface ActorMessageInput {
  channelId: string;
  text: string;
  /** Paid media (H3's table messenger_media): the message row references it. */
  mediaId?: string | null;
  messageType?: 'text' | 'media' | 'toy';
}

/** A message a performer sends through the performer API: only into its own channels, once per key. */
export interface PerformerMessageInput extends ActorMessageInput {
  /** The token's performer: another performer's channel is not found. */
  actorId: number;
  /** The performer's key: the same key in the channel answers the stored message (nothing sent again). */
  idempotencyKey?: string | undefined;
}

export type PerformerMessageResult =
  | { status: 'sent' | 'resent'; message: MessengerMessage; guestId: number; language: Language }
  | { status: 'notFound' | 'blocked' | 'keyReused' };

/** A channel as its performer sees it (the performer API's list). */
export interface PerformerChannelRow {
  channelId: string;
  guestId: number;
  blocked: boolean;
  lastMessage: {
    id: string;
    senderType: 'guest' | 'actor';
    messageType: MessengerMessage['messageType'];
    text: string;
    at: string;
  } | null;
}

export interface MessengerActorSide {
  /** Stores a performer's message in the channel and delivers it (messengerMessage + channel + messengerUnread
   *  to every page of the guest; unread +1). Returns null when the channel is blocked (either side) or unknown. */
  postActorMessage(input: ActorMessageInput): Promise<MessengerMessage | null>;
  /**
   * The same as `postActorMessage` for a performer's own call (performer API): the channel must be the
   * performer's, and a key already used in the channel answers the stored message without sending it again.
   */
  postPerformerMessage(input: PerformerMessageInput): Promise<PerformerMessageResult>;
  /** The performer's channel (null: none, or another performer's). */
  channelOfActor(
    actorId: number,
    channelId: string,
  ): Promise<{ channelId: string; guestId: number; blocked: boolean } | null>;
  /** The performer's channels, newest message first (at most `limit`). */
  channelsOfActor(actorId: number, limit: number): Promise<PerformerChannelRow[]>;
  /** Listeners run after a guest's message is committed (on the node that stored it). */
  onGuestMessage(listener: (event: GuestMessageEvent) => void): () => void;
  /** The channel's guest/actor, for H3's routes (null = not the guest's channel). */
  channelOf(
    guestId: number,
    channelId: string,
  ): Promise<{ channelId: string; actorId: number; blocked: boolean } | null>;
  /**
   * Stores a guest's action as the guest's message (a toy action, type `toy`, text the preset; nothing
   * charged here: the action's own service charged it) once per (guest, idempotencyKey) and delivers
   * it to every page of the guest. A resend answers the stored message without delivering it again.
   * A fresh action with `felt` runs the guest-message listeners (type `toy`: the simulated performer
   * reacts). Null when the channel is blocked (either side) or not the guest's.
   */
  postGuestAction(input: GuestActionInput): Promise<MessengerMessage | null>;
  /**
   * The message of the channel carrying paid media, as its guest sees it now (bought: unlocked), also
   * delivered again to every page of the guest (a page replaces it by id). Null when there is none.
   */
  announceMediaMessage(guestId: number, channelId: string, mediaId: string): Promise<MessengerMessage | null>;
}

export interface GuestActionInput {
  guestId: number;
  channelId: string;
  messageType: 'toy';
  text: string;
  idempotencyKey: string;
  /** The guest's page language (a reaction is written in it). */
  language: Language;
  /** The toy carried the action out (not refunded): the performer side hears of it. */
  felt: boolean;
}
