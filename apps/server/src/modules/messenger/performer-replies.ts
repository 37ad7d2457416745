/**
 * Performers answer in the messenger (issue 19 deliverable 5, docs/decisions/0054-messenger.md): the
 * messenger half of the demo's activity simulator (the live chat's half is live/performer.simulator.ts).
 * While PERFORMER_SIMULATOR is on, a guest's message to a performer that no performer app uses right
 * now (the live desk's `hasClient`) is answered after a varied delay (MESSENGER_REPLY_DELAY_MS, 2–8 s
 * by default) in the guest's page language at send (packages/i18n `messenger-replies`): a gift gets a
 * thank-you, a toy action the toy carried out a short reaction (messenger-toys.ts), about every
 * MESSENGER_REPLY_MEDIA_EVERY-th text a paid photo (messenger-media.service.ts) with a caption, the
 * rest a text (never the same twice in a row in a channel on this node).
 *
 * Once per message, whatever the number of nodes: the node that stored the message (the only one
 * that hears `onGuestMessage`) writes one `messenger_pending_replies` row keyed by the message id and
 * wakes itself at its due time; whichever node takes the row (a delete with SKIP LOCKED) answers it.
 * A row outlives a restart: every node also looks for due rows every REPLY_POLL_MS. Taken and then
 * lost (the node died in between) is an answer not sent — never one sent twice.
 *
 * The answer goes through the port (`postActorMessage`: stored, delivered to every page of the guest,
 * unread +1); a blocked channel answers null and nothing is sent (a photo offered for it is discarded).
 * A delivered answer raises a notification (type messengerMessage), which the web push module pushes
 * to the guest's subscribed browsers like every notification.
 */
import { LANGUAGES, type Language } from '@vela/contracts/common';
import { NOTIFICATION_TYPES } from '@vela/domain/notifications';
import {
  MESSENGER_CLIP_KEYS,
  MESSENGER_GIFT_THANKS_KEYS,
  MESSENGER_PHOTO_KEYS,
  MESSENGER_REPLY_KEYS,
  MESSENGER_TOY_REACTION_KEYS,
  messengerReplyMessages,
} from '@vela/i18n/messages/messenger-replies';
import { pathFor } from '@vela/i18n/routes';
import { createIntervalJob } from '../../infra/interval-job.ts';
import type { GuestNotifier } from '../feature-module.ts';
import type { GuestMessageEvent, MessengerActorSide } from './messenger-actor-side.ts';
import type { MessengerMediaService } from './messenger-media.service.ts';
import type {
  PendingRepliesRepository,
  PendingReply,
  PendingReplyKind,
} from './performer-replies.repository.ts';

/** How often every node looks for due answers nobody woke up for (a restart, another node's). */
export const REPLY_POLL_MS = 5_000;
/** Answers taken per statement. */
const TAKE_BATCH = 50;

export interface PerformerRepliesOptions {
  actorSide: Pick<MessengerActorSide, 'postActorMessage' | 'onGuestMessage'>;
  pending: PendingRepliesRepository;
  media: Pick<MessengerMediaService, 'offerPhoto' | 'offerClip' | 'discard'>;
  /** Whether the simulator plays this performer now (no performer app used the API lately). */
  isSimulated: (actorId: number) => boolean;
  /** The performer's name for the notification (null: unknown). */
  actorName: (actorId: number) => Promise<string | null>;
  notify?: GuestNotifier | undefined;
  /** The delay before an answer, ms (min–max). */
  delayMs: readonly [number, number];
  /** About every n-th answer to a text is paid media, a photo or a clip in turn (1: every one, 0: never). */
  mediaEvery: number;
  pollMs?: number;
  random?: () => number;
  now?: () => number;
  log: { warn(object: object, message: string): void; error(object: object, message: string): void };
}

/** What a guest's message is answered with: a text, a thank-you for a gift, a reaction to a toy action. */
const KIND_OF: Record<GuestMessageEvent['messageType'], PendingReplyKind> = {
  text: 'text',
  new_gift: 'gift',
  toy: 'toy',
};

const languageOf = (value: string): Language =>
  (LANGUAGES as readonly string[]).includes(value) ? (value as Language) : 'en';

/**
 * Notification type 10 (messengerMessage, "{actorName} sent you a message") for a performer's message
 * delivered to the guest, whoever wrote it (the simulator, or a performer through the performer API).
 */
export async function notifyActorMessage(
  deps: Pick<PerformerRepliesOptions, 'actorName' | 'notify'>,
  sent: { guestId: number; actorId: number; channelId: string; messageId: string; language: Language },
): Promise<void> {
  if (!deps.notify) return;
  const actorName = (await deps.actorName(sent.actorId).catch(() => null)) ?? '';
  await deps.notify(sent.guestId, {
    type: NOTIFICATION_TYPES.messengerMessage,
    params: { actorId: sent.actorId, actorName, channelId: sent.channelId },
    url: `${pathFor('Messenger', sent.language)}?channel=${sent.channelId}`,
    dedupeKey: `messengerMessage:${sent.messageId}`,
  });
}

export function createPerformerReplies(options: PerformerRepliesOptions) {
  const { actorSide, pending, log } = options;
  const random = options.random ?? Math.random;
  const now = options.now ?? Date.now;
  const timers = new Set<NodeJS.Timeout>();
  /** The last text index per channel (never the same text twice in a row); bounded. */
  const lastText = new Map<number, number>();
  /** The kind of the last paid media per channel: photo and clip in turn, a photo first; bounded. */
  const lastMedia = new Map<number, 'photo' | 'clip'>();
  let unsubscribe: (() => void) | null = null;

  const between = ([min, max]: readonly [number, number]) => min + Math.floor(random() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;

  function textKey(channelId: number): (typeof MESSENGER_REPLY_KEYS)[number] {
    let index = Math.floor(random() * MESSENGER_REPLY_KEYS.length);
    if (index === lastText.get(channelId)) index = (index + 1) % MESSENGER_REPLY_KEYS.length;
    if (lastText.size >= 10_000) lastText.clear();
    lastText.set(channelId, index);
    return MESSENGER_REPLY_KEYS[index] ?? 'reply1';
  }

  function mediaKind(channelId: number): 'photo' | 'clip' {
    const kind = lastMedia.get(channelId) === 'photo' ? 'clip' : 'photo';
    if (lastMedia.size >= 10_000) lastMedia.clear();
    lastMedia.set(channelId, kind);
    return kind;
  }

  async function answer(reply: PendingReply): Promise<void> {
    if (!options.isSimulated(reply.actorId)) return;
    const language = languageOf(reply.language);
    const texts = messengerReplyMessages[language];
    const withMedia = reply.kind === 'text' && options.mediaEvery > 0 && random() * options.mediaEvery < 1;
    const { channelId, guestId, actorId } = reply;
    const kind = withMedia ? mediaKind(channelId) : null;
    const offer = kind === 'clip' ? options.media.offerClip : options.media.offerPhoto;
    const photo = kind ? await offer({ channelId, guestId, actorId }) : null;
    const text =
      reply.kind === 'gift'
        ? texts[pick(MESSENGER_GIFT_THANKS_KEYS)]
        : reply.kind === 'toy'
          ? texts[pick(MESSENGER_TOY_REACTION_KEYS)]
          : photo
            ? texts[pick(kind === 'clip' ? MESSENGER_CLIP_KEYS : MESSENGER_PHOTO_KEYS)]
            : texts[textKey(reply.channelId)];
    const message = await actorSide.postActorMessage({
      channelId: String(reply.channelId),
      text,
      mediaId: photo ? String(photo.id) : null,
      messageType: photo ? 'media' : 'text',
    });
    if (!message) {
      // A blocked channel carries nothing either way.
      if (photo) await options.media.discard(photo.id);
      return;
    }
    await notifyActorMessage(options, {
      guestId,
      actorId,
      channelId: String(channelId),
      messageId: message.id,
      language,
    });
  }

  /** Answers every due reply (this node's and any other's left behind). */
  async function drain(): Promise<number> {
    let answered = 0;
    for (;;) {
      const due = await pending.takeDue(new Date(now()), TAKE_BATCH);
      for (const reply of due) {
        try {
          await answer(reply);
          answered += 1;
        } catch (error) {
          log.error({ err: error, messageId: reply.messageId }, 'messenger: simulated answer not sent');
        }
      }
      if (due.length < TAKE_BATCH) return answered;
    }
  }

  const job = createIntervalJob({
    name: 'messenger performer replies',
    run: drain,
    intervalMs: options.pollMs ?? REPLY_POLL_MS,
    log,
  });

  function wakeAt(delayMs: number): void {
    const timer = setTimeout(() => {
      timers.delete(timer);
      job.runFresh().catch((error: unknown) => log.error({ err: error }, 'messenger: answers not drained'));
    }, delayMs);
    timer.unref();
    timers.add(timer);
  }

  async function enqueue(event: GuestMessageEvent): Promise<void> {
    if (!options.isSimulated(event.actorId)) return;
    const delay = between(options.delayMs);
    const queued = await pending.enqueue({
      messageId: Number(event.messageId),
      channelId: Number(event.channelId),
      guestId: event.guestId,
      actorId: event.actorId,
      language: event.language,
      kind: KIND_OF[event.messageType],
      dueAt: new Date(now() + delay),
    });
    if (queued) wakeAt(delay);
  }

  return {
    start(): void {
      if (unsubscribe) return;
      unsubscribe = actorSide.onGuestMessage((event) => {
        enqueue(event).catch((error: unknown) =>
          log.warn({ err: error, messageId: event.messageId }, 'messenger: answer not queued'),
        );
      });
      job.start();
    },
    async stop(): Promise<void> {
      unsubscribe?.();
      unsubscribe = null;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await job.stop();
    },
    /** Answers what is due now (tests, the bench). */
    drain: () => job.runFresh(),
  };
}
export type PerformerReplies = ReturnType<typeof createPerformerReplies>;
