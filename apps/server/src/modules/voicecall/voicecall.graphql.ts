/**
 * Spec 7 "anonymous voice call chat (accessToken, actorId)": the mutation answers the result code
 * (2000: the session is now the anonymous voice caller of that call; any other code is an error the
 * page shows, decision 0051) and the caller's voice call state. It needs an access token: the
 * visitor's session is who enters the token.
 */
import { GraphQLError } from 'graphql';
import type { GraphqlContext, GraphqlExtension } from '../graphql/graphql.schema.ts';
import type { VoiceCallService } from './voicecall.service.ts';

const typeDefs = /* GraphQL */ `
  type VoiceCall {
    voicecallIdHash: String!
    actorId: Int!
    actorName: String!
    startedAt: String!
    centsPerMinute: Int!
    liveSessionId: String
  }

  type VoiceCallState {
    isVoicecallActive: Boolean!
    isAnonymousVoicecall: Boolean!
    call: VoiceCall
  }

  "Why the call's video did not open (e.g. NEED_AGE_CHECK, exit code 601); the call goes on."
  type VoiceCallVideoRefusal {
    code: String!
    exitCode: Int
  }

  type AnonymousVoiceCallChatResult {
    resultCode: Int!
    state: VoiceCallState!
    refusal: VoiceCallVideoRefusal
  }

  extend type Query {
    "The caller's voice call (a guest's, or the anonymous voice caller's session)."
    voiceCall: VoiceCallState!
  }

  extend type Mutation {
    "Spec 7: the anonymous voice caller enters the token the phone said; 2000 = ok."
    anonymousVoiceCallChat(accessToken: String!, actorId: Int!): AnonymousVoiceCallChatResult!
  }
`;

export function voicecallGraphql(
  service: Pick<VoiceCallService, 'stateOf' | 'anonymousChat'>,
): GraphqlExtension {
  return {
    typeDefs,
    tokenFields: ['voiceCall', 'anonymousVoiceCallChat'],
    resolvers: {
      async voiceCall(_args: unknown, context: GraphqlContext) {
        return service.stateOf({ guestId: context.guestId, sessionId: context.sessionId ?? null });
      },
      async anonymousVoiceCallChat(args: { accessToken: string; actorId: number }, context: GraphqlContext) {
        if (args.accessToken.length > 40)
          throw new GraphQLError('accessToken is too long', { extensions: { code: 'BAD_USER_INPUT' } });
        if (!Number.isSafeInteger(args.actorId) || args.actorId <= 0)
          throw new GraphQLError('actorId must be a positive id', { extensions: { code: 'BAD_USER_INPUT' } });
        if (context.sessionId === undefined || context.sessionId === null)
          throw new GraphQLError('No session', { extensions: { code: 'UNAUTHORIZED' } });
        return service.anonymousChat({
          accessToken: args.accessToken,
          actorId: args.actorId,
          sessionId: context.sessionId,
          loggedIn: context.guestId !== null,
          ip: context.ip,
        });
      },
    },
  };
}
