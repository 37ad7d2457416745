/**
 * The guest service's pin call fields (spec 7 "GraphQL POST for pin call start (phone number, type,
 * language) and verify (id, type, pin)", spec 3 Guest.pincallVerifications). Logged-in guests only:
 * no token answers `Missing Vxql-Token`, an anonymous session NOT_LOGGED_IN.
 */
import { AppError } from '../../http/errors.ts';
import type { GraphqlContext, GraphqlExtension } from '../graphql/graphql.schema.ts';
import type { PincallService } from './pincall.service.ts';

const TYPE_DEFS = /* GraphQL */ `
  "Spec 4 pin call verification states."
  enum PincallState {
    started
    verified
    failed
    expired
  }

  type PincallStartResult {
    success: Boolean!
    id: String
    "Digits of the pin sent (6 mobile, 5 fixed line)."
    codeLength: Int
    state: PincallState
    "Spec 8 phone verification code 1-10; null on success."
    errorCode: Int
  }

  type PincallVerifyResult {
    success: Boolean!
    state: PincallState
    errorCode: Int
    attemptsLeft: Int
  }

  type VerifiedPhone {
    "Masked, e.g. +49 151 ••• 4567."
    phone: String!
    type: String!
    verifiedAt: String!
  }

  type OpenPincallVerification {
    id: String!
    phone: String!
    type: String!
    codeLength: Int!
    attemptsLeft: Int!
    expiresAt: String!
  }

  type PincallVerifications {
    verified: [VerifiedPhone!]!
    open: OpenPincallVerification
  }

  extend type Query {
    "Spec 3 Guest.pincallVerifications: the caller's verified numbers and open verification."
    pincallVerifications: PincallVerifications
  }

  extend type Mutation {
    "Sends a pin to the number (SMS for mobile, a voice call for landline)."
    pincallStart(phoneNumber: String!, type: String!, language: String!): PincallStartResult!
    "Checks the pin of a started verification."
    pincallVerify(id: String!, type: String!, pin: String!): PincallVerifyResult!
  }
`;

const guestOf = (context: GraphqlContext): number => {
  if (context.guestId === null) throw new AppError('NOT_LOGGED_IN', 'Log in to verify a phone number', 401);
  return context.guestId;
};

export function pincallGraphql(service: PincallService): GraphqlExtension {
  return {
    typeDefs: TYPE_DEFS,
    tokenFields: ['pincallVerifications', 'pincallStart', 'pincallVerify'],
    resolvers: {
      async pincallVerifications(_args: unknown, context: GraphqlContext) {
        if (context.guestId === null) return null;
        return service.verifications(context.guestId);
      },
      async pincallStart(
        args: { phoneNumber: string; type: string; language: string },
        context: GraphqlContext,
      ) {
        return service.start(guestOf(context), args, context.country ?? null);
      },
      async pincallVerify(args: { id: string; type: string; pin: string }, context: GraphqlContext) {
        return service.verify(guestOf(context), args);
      },
    },
  };
}
