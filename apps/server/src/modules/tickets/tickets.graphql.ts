/**
 * Query-language fields of chat tickets (spec 7; issue 18): `buyChatTicket` and `removeChatTicket`
 * answer `{ success, errorCode, ticket, show }` (errorCode: contracts tickets.ts), `chatTicketList`
 * the caller's tickets. All need a token (a visitor gets the usual missing-token refusal).
 */
import {
  CHAT_TICKET_CREATION_TYPE,
  CHAT_TICKET_ERROR_CODES,
  CHAT_TICKET_PROMO_CODE_MAX,
  type ChatTicketErrorCode,
} from '@vela/contracts/tickets';
import { GraphQLError } from 'graphql';
import { AppError } from '../../http/errors.ts';
import { badInput, type GraphqlContext, type GraphqlExtension } from '../graphql/graphql.schema.ts';
import type { TicketAnswer, TicketsService } from './tickets.service.ts';

const TYPE_DEFS = /* GraphQL */ `
  "Spec 3 chat ticket / show as the asking guest sees it (id: the show's)."
  type ChatTicketShow {
    id: ID!
    actorId: ID!
    actorName: String!
    price: Price!
    title: String!
    description: String!
    start: String!
    end: String!
    isBought: Boolean!
    isFree: Boolean!
    canBuy: Boolean!
    hasStarted: Boolean!
    bonusCode: String
    isFeatured: Boolean!
    isInternal: Boolean!
    isCancelled: Boolean!
  }

  "A ticket of the guest: bought (live), removed (returned, refunded) or refunded (show cancelled)."
  type ChatTicket {
    ticketId: ID!
    showId: ID!
    status: String!
    priceCents: Int!
    creationType: String!
    promoCode: String
    createdAt: String!
    refundedAt: String
  }

  "The answer of buyChatTicket / removeChatTicket; errorCode null on success."
  type ChatTicketResult {
    success: Boolean!
    errorCode: String
    alreadyBought: Boolean!
    ticket: ChatTicket
    show: ChatTicketShow
    guestBalance: Int
    guestBalanceFormatted: String
  }

  type ChatTicketListItem {
    ticket: ChatTicket!
    show: ChatTicketShow!
  }

  extend type Query {
    "The caller's chat tickets, newest first (needs a token)."
    chatTicketList: [ChatTicketListItem!]
  }

  extend type Mutation {
    "Buy the ticket of show id (needs a token). modelId and start, when given, must be the show's."
    buyChatTicket(id: ID!, modelId: ID, start: String, promoCode: String, creationType: String): ChatTicketResult
    "Return the ticket of show id before the start (needs a token): refunded."
    removeChatTicket(id: ID!): ChatTicketResult
  }
`;

const MAX_ID = 2 ** 31 - 1;
const ID = /^[1-9]\d{0,9}$/;
const CODES: ReadonlySet<string> = new Set(CHAT_TICKET_ERROR_CODES);

function idOf(value: unknown, name: string): number {
  const text = String(value ?? '');
  const id = ID.test(text) ? Number(text) : 0;
  if (id <= 0 || id > MAX_ID) throw badInput(`${name} must be a positive id`);
  return id;
}

const needLogin = () =>
  new GraphQLError('Log in to use show tickets', { extensions: { code: 'UNAUTHORIZED' } });

function present(answer: TicketAnswer) {
  const { show, ...rest } = answer;
  return { success: true, errorCode: null, ...rest, show: { ...show, id: String(show.id) } };
}

/** A ticket refusal as the spec 7 answer; anything else stays an error. */
async function refusalsAsAnswer(work: () => Promise<TicketAnswer>) {
  try {
    return present(await work());
  } catch (error) {
    if (error instanceof AppError && CODES.has(error.code))
      return { success: false, errorCode: error.code as ChatTicketErrorCode, alreadyBought: false };
    if (error instanceof AppError && error.code === 'VALIDATION_ERROR') throw badInput(error.message);
    throw error;
  }
}

export function ticketsGraphql(tickets: TicketsService): GraphqlExtension {
  return {
    typeDefs: TYPE_DEFS,
    tokenFields: ['chatTicketList', 'buyChatTicket', 'removeChatTicket'],
    resolvers: {
      async chatTicketList(_args: unknown, context: GraphqlContext) {
        if (context.guestId === null) return null;
        return (await tickets.list(context.guestId)).map(({ ticket, show }) => ({
          ticket,
          show: { ...show, id: String(show.id) },
        }));
      },
      async buyChatTicket(
        args: {
          id: string;
          modelId?: string | null;
          start?: string | null;
          promoCode?: string | null;
          creationType?: string | null;
        },
        context: GraphqlContext,
      ) {
        if (context.guestId === null) throw needLogin();
        const guestId = context.guestId;
        const showId = idOf(args.id, 'id');
        const modelId = args.modelId == null ? undefined : idOf(args.modelId, 'modelId');
        if (args.start != null && (args.start.length > 40 || Number.isNaN(Date.parse(args.start))))
          throw badInput('start must be an ISO date-time');
        if (args.promoCode != null && args.promoCode.length > CHAT_TICKET_PROMO_CODE_MAX)
          throw badInput(`promoCode must be at most ${CHAT_TICKET_PROMO_CODE_MAX} characters`);
        if (args.creationType != null && args.creationType !== CHAT_TICKET_CREATION_TYPE)
          throw badInput("creationType must be 'C'");
        return refusalsAsAnswer(() =>
          tickets.buy(guestId, showId, {
            modelId,
            start: args.start ?? undefined,
            promoCode: args.promoCode ?? undefined,
          }),
        );
      },
      async removeChatTicket(args: { id: string }, context: GraphqlContext) {
        if (context.guestId === null) throw needLogin();
        const guestId = context.guestId;
        const showId = idOf(args.id, 'id');
        return refusalsAsAnswer(() => tickets.remove(guestId, showId));
      },
    },
  };
}
