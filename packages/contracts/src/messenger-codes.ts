/**
 * The messenger's own error codes (issue 19; meanings in messenger.ts), schema-free so the one list of
 * codes (error-codes.ts) can include them without importing the messenger contract.
 */
export const MESSENGER_OWN_ERROR_CODES = [
  'MESSENGER_CHANNEL_NOT_FOUND',
  'MESSENGER_ACTOR_NOT_FOUND',
  'MESSENGER_CHANNEL_BLOCKED',
  'MESSENGER_GIFT_NOT_FOUND',
  'MESSENGER_GIFT_VIP_ONLY',
  'MESSENGER_EMPTY_MESSAGE',
  'MESSENGER_PRICE_CHANGED',
  'MESSENGER_MEDIA_NOT_FOUND',
] as const;
