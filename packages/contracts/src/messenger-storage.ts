/**
 * Spec 9 local-storage keys of the messenger: the selected channel and the performer of a new
 * conversation. Schema-free, so the payment dialog's host can clear them after a login (spec 4
 * "messenger channel cleared") without loading the messenger's contract.
 */
export const MESSENGER_STORAGE_CHANNEL_ID = 'messengerChannelId';
export const MESSENGER_STORAGE_ACTOR_ID = 'messengerActorId';
