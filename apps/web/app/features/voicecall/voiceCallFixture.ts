/** A running call as the socket names it, for the voice call tests (tests only). */
import type { VoiceCallView } from '@vela/contracts/voicecall';

export const TEST_CALL: VoiceCallView = {
  voicecallIdHash: 'hash-a',
  actorId: 7,
  actorName: 'Mira',
  startedAt: '2026-11-27T05:00:00.000Z',
  centsPerMinute: 199,
  liveSessionId: 'live-1',
};
