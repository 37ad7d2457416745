/**
 * The live chat this browser tab follows with a performer (sessionStorage, per tab): the live-show
 * tab resumes it after a reload (LiveChatSection). The voice call's slot writes it too, so the
 * performer's live-show tab opens the call's video (decision 0051). Tiny on purpose: the slot loads it
 * without the live chat's chunk.
 */
export const liveTabSessionKey = (actorId: number) => `vela:live:${actorId}`;
