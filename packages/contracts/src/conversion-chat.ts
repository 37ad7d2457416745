/**
 * The conversion chat (issue 18 deliverable 3, decision 0047): spec 7 `guest/conversionChat` POST
 * (action enable or disable; logged-in only) and the shapes of the query-language reads
 * `conversionChatActors` (spec 9: 30) and `conversionChat` (the caller's countdown and trial).
 */
import { CONVERSION_CHAT_ACTIONS } from '@vela/domain/conversion-chat';
import { z } from 'zod';
import { ImageRefSchema } from './common.ts';
import { defineEndpoint } from './endpoint.ts';

export const ConversionChatRequestSchema = z.strictObject({
  action: z.enum(CONVERSION_CHAT_ACTIONS),
});
export type ConversionChatRequest = z.infer<typeof ConversionChatRequestSchema>;

/** The caller's countdown after the action (spec 3 "conversion chat countdown ends": ISO or null). */
export const ConversionChatStateSchema = z.object({
  conversionChatCountdownEnds: z.string().nullable(),
});
export type ConversionChatState = z.infer<typeof ConversionChatStateSchema>;

export const conversionChatEndpoints = {
  conversionChat: defineEndpoint({
    method: 'POST',
    path: 'guest/conversionChat',
    body: ConversionChatRequestSchema,
    response: ConversionChatStateSchema,
    errors: ['NOT_LOGGED_IN', 'CONVERSION_CHAT_NOT_ELIGIBLE', 'CONVERSION_CHAT_OVER'],
  }),
};

/** A performer tile of the `conversion-chat` modal (GraphQL `conversionChatActors`). */
export const ConversionChatActorSchema = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  isOnline: z.boolean(),
  isActorAvailableForConversionChat: z.literal(true),
  avatar: ImageRefSchema,
});
export type ConversionChatActor = z.infer<typeof ConversionChatActorSchema>;
export const ConversionChatActorsSchema = z.array(ConversionChatActorSchema);

/** GraphQL `conversionChat`: the caller's countdown, whether it runs, and the trial code's state. */
export const ConversionChatViewSchema = z.object({
  countdownEnds: z.string().nullable(),
  eligible: z.boolean(),
  trialCode: z.string(),
  trialRedeemed: z.boolean(),
});
export type ConversionChatView = z.infer<typeof ConversionChatViewSchema>;
