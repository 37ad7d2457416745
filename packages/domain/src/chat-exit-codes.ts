/**
 * Chat exit codes (spec 8): every code with the spec's words, who caused it, and the two sets the
 * spec names (live-preview exit codes, pre-chat exit codes). Pure data and rules; the session engine
 * (./chat-session.ts) picks the code of every end reason from here, the live page shows the reason
 * in words, and the receipt says whether the last, partial minute was charged.
 *
 * Who caused an end decides the last, partial minute (docs/decisions/0038):
 * - `guest`: the guest's choice or the guest's own connection (exit, logout, page closed, switching
 *   chats, disconnect after the grace period, client timeout): the delivered seconds of the partial
 *   minute are charged pro rata, rounded down to the cent.
 * - `limit`: a limit ended a delivered minute (no money, time limits): charged the same way, never
 *   more than the guest's funds.
 * - `performer` and `platform`: the performer's side or ours failed or decided (kick, stop, logout,
 *   device/send/video failures, admin kick, locks, live show started): the current minute is not
 *   charged at all. Whole minutes delivered before it stay charged.
 */

export type ExitCodeSide = 'guest' | 'performer' | 'platform' | 'limit';
export type ExitCodeGroup = 'client' | 'host' | 'admin' | 'preview' | 'limit' | 'other';

export interface ExitCodeInfo {
  code: number;
  /** The spec 8 words. */
  name: string;
  group: ExitCodeGroup;
  side: ExitCodeSide;
}

function info<C extends number>(
  code: C,
  name: string,
  group: ExitCodeGroup,
  side: ExitCodeSide,
): ExitCodeInfo & { code: C } {
  return { code, name, group, side };
}

/** Every chat exit code of spec 8, in the spec's order. */
export const CHAT_EXIT_CODES = [
  info(100, 'exit', 'client', 'guest'),
  info(101, 'logout', 'client', 'guest'),
  info(102, 'destruct', 'client', 'guest'),
  info(103, 'exit win', 'client', 'guest'),
  info(104, 'upgrade', 'client', 'guest'),
  info(105, 'error', 'client', 'platform'),
  info(106, 'charge', 'client', 'guest'),
  info(107, 'disconnect', 'client', 'guest'),
  info(108, 'timeout', 'client', 'guest'),
  info(198, 'start offline', 'client', 'performer'),
  info(199, 'start timeout', 'client', 'platform'),
  info(201, 'kick', 'host', 'performer'),
  info(202, 'stop send', 'host', 'performer'),
  info(203, 'logout', 'host', 'performer'),
  info(204, 'relogin', 'host', 'performer'),
  info(205, 'send fail', 'host', 'performer'),
  info(206, 'device fail', 'host', 'performer'),
  info(207, 'still picture', 'host', 'performer'),
  info(208, 'cpu overload', 'host', 'performer'),
  info(301, 'admin kick', 'admin', 'platform'),
  info(401, 'limit host', 'preview', 'limit'),
  info(402, 'limit hour', 'preview', 'limit'),
  info(403, 'offline', 'preview', 'performer'),
  info(404, 'single', 'preview', 'performer'),
  info(405, 'fsk denied', 'preview', 'platform'),
  info(406, 'access denied', 'preview', 'platform'),
  info(407, 'disabled', 'preview', 'performer'),
  info(408, 'guest offline', 'preview', 'guest'),
  info(498, 'start offline', 'preview', 'performer'),
  info(499, 'start timeout', 'preview', 'platform'),
  info(501, 'no-money limit', 'limit', 'limit'),
  info(502, 'text time limit', 'limit', 'limit'),
  info(503, 'time limit', 'limit', 'limit'),
  info(601, 'fsk denied', 'limit', 'platform'),
  info(901, 'compat client logout', 'other', 'guest'),
  info(902, 'client new chat', 'other', 'guest'),
  info(903, 'voice call hangup', 'other', 'guest'),
  info(904, 'voice call new chat', 'other', 'guest'),
  info(906, 'host single', 'other', 'performer'),
  info(907, 'video fail host', 'other', 'performer'),
  info(908, 'live show started', 'other', 'performer'),
  info(910, 'video fail', 'other', 'platform'),
  info(920, 'client lock', 'other', 'platform'),
  info(921, 'host lock', 'other', 'platform'),
  info(990, 'timeout', 'other', 'platform'),
  info(996, 'video timeout host', 'other', 'performer'),
  info(997, 'video timeout guest', 'other', 'platform'),
] as const satisfies readonly ExitCodeInfo[];

export type ChatExitCode = (typeof CHAT_EXIT_CODES)[number]['code'];

const BY_CODE = new Map<number, ExitCodeInfo>(CHAT_EXIT_CODES.map((c) => [c.code, c]));

export function isChatExitCode(value: unknown): value is ChatExitCode {
  return typeof value === 'number' && BY_CODE.has(value);
}

/** The spec 8 entry of a code; throws for a number that is no chat exit code. */
export function exitCodeInfo(code: number): ExitCodeInfo {
  const found = BY_CODE.get(code);
  if (!found) throw new RangeError(`Unknown chat exit code ${code}`);
  return found;
}

/** Spec 8 "Live-preview exit codes", in the spec's order. */
export const LIVE_PREVIEW_EXIT_CODES = [
  405, 406, 401, 402, 403, 404, 407, 408, 498, 499,
] as const satisfies readonly ChatExitCode[];

/** Spec 8 "Pre-chat exit codes" (a chat that ends before it ran), in the spec's order. */
export const PRE_CHAT_EXIT_CODES = [
  106, 906, 601, 205, 206, 207, 208, 910, 907, 198, 199, 201, 202, 203, 204,
] as const satisfies readonly ChatExitCode[];

export function isLivePreviewExitCode(code: number): boolean {
  return (LIVE_PREVIEW_EXIT_CODES as readonly number[]).includes(code);
}

export function isPreChatExitCode(code: number): boolean {
  return (PRE_CHAT_EXIT_CODES as readonly number[]).includes(code);
}

/**
 * Whether an end with this code charges the delivered part of the current minute (pro rata): only
 * ends the guest caused and limits do; performer and platform ends never charge the current minute.
 */
export function chargesPartialMinute(code: ChatExitCode): boolean {
  const side = exitCodeInfo(code).side;
  return side === 'guest' || side === 'limit';
}
