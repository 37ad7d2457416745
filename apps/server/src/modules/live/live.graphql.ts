/**
 * The live module in the query-language service (spec 7, decision 0038 part 9): the read "free chat
 * duration" (spec 6: logged-in only) and the mutations "free preview init/decline". Same use cases
 * as the REST calls `live/offers/:actorId` and `live/preview/decline`.
 *
 * - `freePreviewInit(actorId)`: the guest takes up the free preview offer of a performer: an
 *   earlier decline is cleared; the answer says whether a preview can start now (else the refusal's
 *   code and spec 8 live-preview exit code: 402 limit hour, 498 offline, 407 disabled, 404 single,
 *   405 fsk denied, 406 access denied) and the units left of 5 (20 VIP). The preview itself starts
 *   with `live/start` type `live-preview`.
 * - `freePreviewDecline`: "no thanks": the offer modal `fifteen-minutes-preview` stays closed for
 *   15 minutes (`declinedUntil`).
 */
import { GraphQLError } from 'graphql';
import { AppError } from '../../http/errors.ts';
import type { GraphqlContext, GraphqlExtension } from '../graphql/graphql.schema.ts';
import { freeChatDurationView, previewAllowanceView } from './live.offers.presenter.ts';
import type { LiveService } from './live.service.ts';

const typeDefs = /* GraphQL */ `
  "Spec 3 Guest free chat durations: the free chat time left today (UTC day), in ms."
  type FreeChatDuration {
    msLeft: Int!
    msPerDay: Int!
    renewsAt: String!
  }

  "Spec 6 live preview limit 5 units (20 VIP) per rolling hour; one unit is a look of at most unitMs."
  type LivePreviewAllowance {
    unitsLimit: Int!
    unitsUsed: Int!
    unitsLeft: Int!
    unitMs: Int!
    nextUnitAt: String
    declinedUntil: String
  }

  "Whether a free preview of the performer can start now, else why (spec 8 live-preview exit code)."
  type FreePreviewOffer {
    actorId: Int!
    "The performer offers previews (isLivePreviewEnabled)."
    enabled: Boolean!
    canStart: Boolean!
    refusalCode: String
    exitCode: Int
    allowance: LivePreviewAllowance!
  }

  extend type Query {
    "The caller's free chat duration (logged-in only; null for an anonymous session)."
    freeChatDuration: FreeChatDuration
  }

  extend type Mutation {
    "Free preview init: take up the free preview offer of a performer (needs a logged-in token)."
    freePreviewInit(actorId: Int!): FreePreviewOffer
    "Free preview decline: no offer modal for 15 minutes (needs a logged-in token)."
    freePreviewDecline: LivePreviewAllowance
  }
`;

function loggedIn(context: GraphqlContext): number {
  if (context.guestId === null)
    throw new GraphQLError('Log in to do this', { extensions: { code: 'UNAUTHORIZED' } });
  return context.guestId;
}

export function liveGraphql(
  live: Pick<LiveService, 'freeChatTime' | 'initPreview' | 'declinePreview'>,
): GraphqlExtension {
  return {
    typeDefs,
    tokenFields: ['freeChatDuration', 'freePreviewInit', 'freePreviewDecline'],
    resolvers: {
      async freeChatDuration(_args: unknown, context: GraphqlContext) {
        if (context.guestId === null) return null;
        return freeChatDurationView(await live.freeChatTime(context.guestId));
      },
      async freePreviewInit(args: { actorId: number }, context: GraphqlContext) {
        const guestId = loggedIn(context);
        if (!Number.isSafeInteger(args.actorId) || args.actorId <= 0 || args.actorId > 2 ** 31 - 1)
          throw new GraphQLError('actorId must be a positive id', {
            extensions: { code: 'BAD_USER_INPUT' },
          });
        try {
          const offer = await live.initPreview(guestId, args.actorId, context.country ?? null);
          return {
            actorId: offer.actorId,
            enabled: offer.enabled,
            canStart: offer.refusal === null,
            refusalCode: offer.refusal?.code ?? null,
            exitCode: offer.refusal?.exitCode ?? null,
            allowance: previewAllowanceView(offer.allowance),
          };
        } catch (error) {
          if (error instanceof AppError && error.code === 'ACTOR_NOT_FOUND')
            throw new GraphQLError('No such performer', { extensions: { code: 'ACTOR_NOT_FOUND' } });
          throw error;
        }
      },
      async freePreviewDecline(_args: unknown, context: GraphqlContext) {
        return previewAllowanceView(await live.declinePreview(loggedIn(context)));
      },
    },
  };
}
