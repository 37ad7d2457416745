/**
 * The query-language service (spec 7), schema and resolvers. The base: the caller's own Guest (spec
 * 3, the GuestMe fields of @vela/contracts/guest-api) and whether there is a logged-in viewer; every
 * other field is a feature module's (`FeatureModule.graphql`: AVS state, legal texts, vouchers and
 * bonus codes, the vip30 history, the catalog...). There is no argument that names a guest: a guest
 * can only ever read themself. Token fields need an access token (spec 8 `Missing Vxql-Token`).
 */
import type { Language } from '@vela/contracts/common';
import type { GuestMe } from '@vela/contracts/guest-api';
import type { GuestVoucherView } from '@vela/contracts/promotions-api';
import { buildSchema, GraphQLError } from 'graphql';
import type { GuestMeRead } from '../guests/guest-me.ts';

export const BASE_TYPE_DEFS = /* GraphQL */ `
  "Age verification status (spec 4)."
  enum AvsStatus {
    unknown
    pending
    rejected
    accepted
  }

  "The Guest entity of spec 3 as the guest reads it about themself."
  type Guest {
    id: ID!
    name: String!
    email: String!
    hasAvs: Boolean!
    avsStatus: AvsStatus!
    avsRejectMessage: String
    isLocked: Boolean!
    isLoggedIn: Boolean!
    isRestricted: Boolean!
    restrictionLevel: Int!
    showDataProtection: Boolean!
    signupOrigin: String
    "Wallet balance in coins."
    balance: Int!
    balanceCents: Int!
    balanceFormatted: String!
    isPayingCustomer: Boolean!
    isVip: Boolean!
    isVXTVAboSubscriber: Boolean!
    "Spec 3: the guest is on a voice call now (decision 0051)."
    isVoicecallActive: Boolean!
    "Spec 3: false for a logged-in guest (the anonymous voice caller is a visitor: voiceCall)."
    isAnonymousVoicecall: Boolean!
    "Spec 3 Guest.vouchers: usable units per voucher type and performer."
    vouchers: [GuestVoucher!]!
  }

  "A voucher of spec 3 (types 1-10: video, videochat, credits, photo album, messages, messenger gift, live show, private show, bonus code, spins)."
  type GuestVoucher {
    type: Int!
    typeName: String!
    amount: Int!
    "Null: valid for any performer."
    actorId: ID
  }

  "An amount in the smallest unit of its currency (EUR: cents)."
  type Price {
    value: Int!
    currency: String!
  }

  type Query {
    "The caller (needs a token); null for an anonymous session."
    guest: Guest
    "Is there a logged-in guest? Public."
    viewer: Boolean!
  }
`;

/**
 * What a feature module adds to the query-language service: SDL that extends the base types
 * (`extend type Query { … }`, `extend type Mutation { … }` and its own types), the root resolvers
 * of its fields (graphql-js calls them with args and the GraphqlContext) and which of its root
 * fields need an access token.
 */
export interface GraphqlExtension {
  typeDefs: string;
  // biome-ignore lint/suspicious/noExplicitAny: each resolver declares its own argument shape.
  resolvers: Record<string, (args: any, context: GraphqlContext) => unknown>;
  tokenFields?: readonly string[];
}

/** The base schema with every module's extension, the merged root value and the token fields. */
export function buildGraphql(services: GraphqlServices, extensions: readonly GraphqlExtension[] = []) {
  const typeDefs = extensions.map((e) => e.typeDefs);
  // The root Mutation type has only the modules' fields (`extend type Mutation`).
  const mutations = typeDefs.some((sdl) => /\bextend\s+type\s+Mutation\b/.test(sdl));
  const schema = buildSchema(
    [BASE_TYPE_DEFS, ...(mutations ? ['type Mutation'] : []), ...typeDefs].join('\n'),
  );
  const rootValue: Record<string, unknown> = { ...rootValueOf(services) };
  for (const extension of extensions) {
    for (const [field, resolver] of Object.entries(extension.resolvers)) {
      if (field in rootValue) throw new Error(`GraphQL root field ${field} is defined twice`);
      rootValue[field] = resolver;
    }
  }
  const tokenFields = new Set([...TOKEN_FIELDS, ...extensions.flatMap((e) => e.tokenFields ?? [])]);
  return { schema, rootValue, tokenFields: tokenFields as ReadonlySet<string> };
}

/** The base schema alone (tests of the base fields). */
export const schema = buildSchema(BASE_TYPE_DEFS);

/** Root fields of the base that need an access token (the modules name theirs). */
export const TOKEN_FIELDS: ReadonlySet<string> = new Set(['guest']);

export interface GraphqlContext {
  /** The logged-in guest of the token, or null (no token, or an anonymous session). */
  guestId: number | null;
  /** The caller's browser session (anonymous or logged in), when a token was given. */
  sessionId?: number | null;
  lang: Language | undefined;
  /** The client address (rate limits). */
  ip: string;
  /** The caller's ISO country from the edge header (spec 6 banned countries); null unknown. */
  country?: string | null;
}

export interface GraphqlServices {
  /** Read port of the guests module: the caller as they read themself (decision 0030). */
  guest: GuestMeRead;
  /** The promotions module's vouchers of a guest (the Guest.vouchers field). */
  vouchers(guestId: number): Promise<{ vouchers: GuestVoucherView[] }>;
}

/** A refused argument (code BAD_USER_INPUT). */
export const badInput = (message: string) =>
  new GraphQLError(message, { extensions: { code: 'BAD_USER_INPUT' } });

/** Root resolvers of the base (graphql-js calls them with args, context, info). */
export function rootValueOf(services: GraphqlServices) {
  return {
    async guest(_args: unknown, context: GraphqlContext): Promise<GuestMe | null> {
      if (context.guestId === null) return null;
      const guest = await services.guest(context.guestId);
      if (!guest) return null;
      const guestId = context.guestId;
      return {
        ...guest,
        // Resolved only when selected.
        vouchers: async () => (await services.vouchers(guestId)).vouchers,
      } as GuestMe;
    },
    viewer(_args: unknown, context: GraphqlContext): boolean {
      return context.guestId !== null;
    },
  };
}
