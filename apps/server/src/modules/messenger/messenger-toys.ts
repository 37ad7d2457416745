/**
 * Toy control from the messenger (issue 19 deliverable 4, docs/decisions/0054-messenger.md):
 * `POST messenger/channel/:channelId/toy` — a paid, logged action through the SAME toys service and
 * ToyControl port as the live chat (toys.service.ts `act`: the ledger charge, kind `toy`, key
 * `toy:messenger:<channelId>:<actionId>`, and the log row commit together, then the command; a
 * refused command is refunded exactly once). The guest's channel only (another guest's:
 * MESSENGER_CHANNEL_NOT_FOUND), not when blocked (MESSENGER_CHANNEL_BLOCKED), only where the performer
 * has a toy (TOY_NOT_AVAILABLE, nothing charged). The action is shown in the conversation as the
 * guest's message of type `toy` (text: the preset), one per action id; a resent action answers the
 * stored action and message, never commanding the toy again.
 */
import { guestBalanceFields } from '@vela/domain/coin-balance';
import type { ToyPreset } from '@vela/domain/toy-control';
import { AppError } from '../../http/errors.ts';
import { coins, toyStateView } from '../toys/toys.presenter.ts';
import type { ToysService } from '../toys/toys.service.ts';
import type { WalletService } from '../wallet/wallet.service.ts';
import type { MessengerActorSide } from './messenger-actor-side.ts';

export interface MessengerToysDeps {
  toys: Pick<ToysService, 'act'>;
  channels: Pick<MessengerActorSide, 'channelOf' | 'postGuestAction'>;
  guestName: (guestId: number) => Promise<string>;
  wallet: Pick<WalletService, 'guestBalance'>;
}

/** The context of a messenger toy action in the toys module's log and ledger key. */
export const messengerToyContext = (channelId: string) => `messenger:${channelId}`;

const blocked = () => new AppError('MESSENGER_CHANNEL_BLOCKED', 'This channel is blocked', 409);

export function createMessengerToys(deps: MessengerToysDeps) {
  return {
    async toy(guestId: number, channelId: string, actionId: string, preset: ToyPreset) {
      const channel = await deps.channels.channelOf(guestId, channelId);
      if (!channel) throw new AppError('MESSENGER_CHANNEL_NOT_FOUND', 'No such channel', 404);
      if (channel.blocked) throw blocked();
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
