/**
 * Query-language fields of the messenger (spec 7: messenger gifts, channels, unread count, bought
 * gifts, touch messenger channel; issue 19). All need a token; an anonymous session reads null and a
 * mutation is refused (UNAUTHORIZED). Another guest's channel is MESSENGER_CHANNEL_NOT_FOUND.
 */
import {
  MESSENGER_CHANNELS_MAX,
  MESSENGER_FILTERS,
  type MessengerFilter,
  MessengerIdSchema,
} from '@vela/contracts/messenger';
import { GraphQLError } from 'graphql';
import { badInput, type GraphqlContext, type GraphqlExtension } from '../graphql/graphql.schema.ts';
import type { MessengerService } from './messenger.service.ts';

const TYPE_DEFS = /* GraphQL */ `
  "Spec 3 messenger channel as its guest sees it."
  type MessengerChannel {
    id: ID!
    channelId: ID!
    actorId: ID!
    actorName: String!
    actorAge: Int
    isActorOnline: Boolean!
    status: String!
    unread: Boolean!
    unreadCount: Int!
    archived: Boolean!
    blocked: Boolean!
    messageTimestamp: String
    lastViewedTimestamp: String
    lastMessageId: ID
    subject: String!
    sentDiffForHumans: String!
    freeMessagesAmount: Int!
    messagePrice: Price!
    isMessagingFree: Boolean!
    multiChatPrice: Price!
    isDildocontrolAvailable: Boolean!
    freeChat: Boolean!
    previewPictureUrl: String
  }

  type MessengerChannelList {
    channels: [MessengerChannel!]!
    total: Int!
    filterType: String!
    online: Boolean!
    offset: Int!
  }

  type MessengerGiftTranslation {
    language: String!
    name: String!
    value: String!
  }

  "Spec 3 gift."
  type MessengerGift {
    id: ID!
    name: String!
    price: Price!
    imageUrl: String!
    active: Boolean!
    vip: Boolean!
    categoryId: Int!
    translations: [MessengerGiftTranslation!]!
  }

  "A gift the guest owns (spec 3 boughtGifts: gift id to quantity)."
  type BoughtGift {
    giftId: ID!
    quantity: Int!
  }

  type MessengerTouchResult {
    channel: MessengerChannel!
    unreadTotal: Int!
  }

  extend type Query {
    "The caller's channels (filterType newest|unread|archived|blocked, online-only), newest first."
    messengerChannels(filterType: String, online: Boolean, offset: Int, limit: Int): MessengerChannelList
    "The caller's unread messenger messages."
    messengerUnreadCount: Int
    "The gift catalogue."
    messengerGifts: [MessengerGift!]
    "The gifts the caller owns (bought or granted, not yet sent)."
    boughtGifts: [BoughtGift!]
  }

  extend type Mutation {
    "Marks the caller's channel read (spec 7 touch messenger channel)."
    touchMessengerChannel(channelId: ID!): MessengerTouchResult
  }
`;

const needLogin = () =>
  new GraphQLError('Log in to use the messenger', { extensions: { code: 'UNAUTHORIZED' } });

const isFilter = (value: unknown): value is MessengerFilter =>
  typeof value === 'string' && (MESSENGER_FILTERS as readonly string[]).includes(value);

const language = (context: GraphqlContext) => context.lang ?? 'de';

export function messengerGraphql(messenger: MessengerService): GraphqlExtension {
  return {
    typeDefs: TYPE_DEFS,
    tokenFields: [
      'messengerChannels',
      'messengerUnreadCount',
      'messengerGifts',
      'boughtGifts',
      'touchMessengerChannel',
    ],
    resolvers: {
      async messengerChannels(
        args: {
          filterType?: string | null;
          online?: boolean | null;
          offset?: number | null;
          limit?: number | null;
        },
        context: GraphqlContext,
      ) {
        if (context.guestId === null) return null;
        const filter = args.filterType ?? 'newest';
        if (!isFilter(filter)) throw badInput(`filterType must be one of ${MESSENGER_FILTERS.join(', ')}`);
        const offset = args.offset ?? 0;
        const limit = args.limit ?? MESSENGER_CHANNELS_MAX;
        if (!Number.isInteger(offset) || offset < 0) throw badInput('offset must be 0 or more');
        if (!Number.isInteger(limit) || limit < 1 || limit > MESSENGER_CHANNELS_MAX)
          throw badInput(`limit must be 1 to ${MESSENGER_CHANNELS_MAX}`);
        return messenger.listChannels(
          context.guestId,
          { filter, online: args.online === true, offset, limit },
          { language: language(context), country: context.country ?? null },
        );
      },
      async messengerUnreadCount(_args: unknown, context: GraphqlContext) {
        if (context.guestId === null) return null;
        return (await messenger.unreadState(context.guestId, language(context))).unreadTotal;
      },
      async messengerGifts(_args: unknown, context: GraphqlContext) {
        if (context.guestId === null) return null;
        return (await messenger.gifts(context.guestId, language(context))).gifts;
      },
      async boughtGifts(_args: unknown, context: GraphqlContext) {
        if (context.guestId === null) return null;
        return Object.entries(await messenger.boughtGifts(context.guestId)).map(([giftId, quantity]) => ({
          giftId,
          quantity,
        }));
      },
      async touchMessengerChannel(args: { channelId: string }, context: GraphqlContext) {
        if (context.guestId === null) throw needLogin();
        if (!MessengerIdSchema.safeParse(String(args.channelId)).success)
          throw badInput('channelId must be a positive id');
        return messenger.touch(context.guestId, String(args.channelId), language(context));
      },
    },
  };
}
