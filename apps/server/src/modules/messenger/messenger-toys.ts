/**
 * Toy control from the messenger (issue 19 deliverable 4, docs/decisions/0054-messenger.md):
 * `POST messenger/channel/:channelId/toy` — a paid, logged action through the SAME toys service and
 * ToyControl port as the live chat (toys.service.ts `act`: the ledger charge, kind `toy`, key
 * `toy:messenger:<channelId>:<actionId>`, and the log row commit together, then the command; a
 * refused command is refunded exactly once). The guest's channel only (another guest's:
 * MESSENGER_CHANNEL_NOT_FOUND), not when blocked (MESSENGER_CHANNEL_BLOCKED), only where the performer
 * has a toy and is online (TOY_NOT_AVAILABLE, nothing charged: an offline performer's toy would
 * vibrate for nobody, decision 0054). The action is shown in the conversation as the
 * guest's message of type `toy` (text: the preset), one per action id; a resent action answers the
 * stored action and message, never commanding the toy again. An action the toy carried out (not
 * refunded) is heard by the performer side once, with the message (the simulated performer reacts in
 * the guest's page language: performer-replies.ts).
 */
import type { Language } from '@vela/contracts/common';
import { MessengerIdSchema } from '@vela/contracts/messenger';
import { guestBalanceFields } from '@vela/domain/coin-balance';
import type { ToyPreset } from '@vela/domain/toy-control';
import { AppError } from '../../http/errors.ts';
import { badInput, type GraphqlContext, type GraphqlExtension } from '../graphql/graphql.schema.ts';
import { coins, toyPresetsView, toyStateView } from '../toys/toys.presenter.ts';
import type { ToysService } from '../toys/toys.service.ts';
import type { WalletService } from '../wallet/wallet.service.ts';
import type { MessengerActorSide } from './messenger-actor-side.ts';

export interface MessengerToysDeps {
  toys: Pick<ToysService, 'act' | 'hasToy' | 'state'>;
  channels: Pick<MessengerActorSide, 'channelOf' | 'postGuestAction'>;
  guestName: (guestId: number) => Promise<string>;
  /** Whether the performer is online now (the catalog's presence flag). */
  isOnline: (actorId: number) => Promise<boolean>;
  wallet: Pick<WalletService, 'guestBalance'>;
}

/** The context of a messenger toy action in the toys module's log and ledger key. */
export const messengerToyContext = (channelId: string) => `messenger:${channelId}`;

const blocked = () => new AppError('MESSENGER_CHANNEL_BLOCKED', 'This channel is blocked', 409);

export function createMessengerToys(deps: MessengerToysDeps) {
  async function channelOf(guestId: number, channelId: string) {
    const channel = await deps.channels.channelOf(guestId, channelId);
    if (!channel) throw new AppError('MESSENGER_CHANNEL_NOT_FOUND', 'No such channel', 404);
    return channel;
  }

  return {
    /**
     * Spec 7 GraphQL "toy controls" of a channel: whether the guest may control the performer's toy
     * from it now (a toy, the performer online, not blocked), the toy's state and the presets with their prices.
     */
    async controls(guestId: number, channelId: string) {
      const channel = await channelOf(guestId, channelId);
      const [hasToy, online, state] = await Promise.all([
        deps.toys.hasToy(channel.actorId),
        deps.isOnline(channel.actorId),
        deps.toys.state(channel.actorId),
      ]);
      return {
        available: hasToy && online && !channel.blocked,
        state: toyStateView(channel.actorId, state),
        presets: toyPresetsView(),
      };
    },

    async toy(guestId: number, channelId: string, actionId: string, preset: ToyPreset, language: Language) {
      const channel = await channelOf(guestId, channelId);
      if (channel.blocked) throw blocked();
      if (!(await deps.isOnline(channel.actorId))) {
        throw new AppError(
          'TOY_NOT_AVAILABLE',
          'The toy can be controlled while the performer is online',
          409,
        );
      }
      const { action, state } = await deps.toys.act({
        guestId,
        actorId: channel.actorId,
        context: messengerToyContext(channelId),
        actionId,
        preset,
        by: await deps.guestName(guestId).catch(() => ''),
      });
      const message = await deps.channels.postGuestAction({
        guestId,
        channelId,
        messageType: 'toy',
        text: action.preset,
        idempotencyKey: `toy:${actionId}`,
        language,
        felt: action.status === 'done',
      });
      // Blocked between the check and the message: the action stands (paid, logged), nothing is shown.
      if (!message) throw blocked();
      return {
        message,
        state: toyStateView(channel.actorId, state),
        status: action.status as 'done' | 'refunded',
        price: coins(action.cents),
        ...guestBalanceFields(await deps.wallet.guestBalance(guestId)),
      };
    },
  };
}
export type MessengerToys = ReturnType<typeof createMessengerToys>;

const TYPE_DEFS = /* GraphQL */ `
  "A toy's state (idle, or vibrating at a level until a time)."
  type MessengerToyState {
    actorId: ID!
    status: String!
    level: Int!
    until: String
  }

  type MessengerToyPreset {
    preset: String!
    level: Int!
    durationMs: Int!
    price: Price!
  }

  "Spec 7 toy controls of a messenger channel."
  type MessengerToyControls {
    available: Boolean!
    state: MessengerToyState!
    presets: [MessengerToyPreset!]!
  }

  extend type Query {
    "The toy controls of the caller's channel (null for a visitor)."
    messengerToyControls(channelId: ID!): MessengerToyControls
  }
`;

/** The query-language field of the toy controls (spec 7 "toy controls"; needs a token). */
export function messengerToyGraphql(toys: MessengerToys): GraphqlExtension {
  return {
    typeDefs: TYPE_DEFS,
    tokenFields: ['messengerToyControls'],
    resolvers: {
      async messengerToyControls(args: { channelId: string }, context: GraphqlContext) {
        if (context.guestId === null) return null;
        if (!MessengerIdSchema.safeParse(String(args.channelId)).success)
          throw badInput('channelId must be a positive id');
        return toys.controls(context.guestId, String(args.channelId));
      },
    },
  };
}
