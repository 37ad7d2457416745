/** A messenger channel for tests (the contract's shape), with what a test changes. Tests only. */
import type { MessengerChannel } from '@vela/contracts/messenger';

export function buildChannel(id: number, over: Partial<MessengerChannel> = {}): MessengerChannel {
  return {
    id: String(id),
    channelId: String(id),
    actorId: 100 + id,
    actorName: `Actor${id}`,
    actorAge: 25,
    isActorOnline: true,
    status: 'open',
    unread: false,
    unreadCount: 0,
    archived: false,
    blocked: false,
    messageTimestamp: new Date(Date.UTC(2026, 0, 1, 0, id)).toISOString(),
    lastViewedTimestamp: null,
    lastMessageId: null,
    subject: '',
    sentDiffForHumans: '',
    freeMessagesAmount: 0,
    messagePrice: { value: 0, currency: 'EUR' },
    isMessagingFree: false,
    multiChatPrice: { value: 0, currency: 'EUR' },
    canVoyeurChat: false,
    isVoyeurInSingleChatAllowed: false,
    isDildocontrolAvailable: false,
    freeChat: false,
    previewPictureUrl: null,
    ...over,
  };
}
