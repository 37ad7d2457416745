/**
 * The guest's camera for a video call (cam2cam, issue 16): asking for it, and what a refusal means.
 * A video call without the camera is not a video call, so the page asks before the paid start and
 * says plainly why it cannot go on (denied, no camera, failed).
 */

/** Why the camera is not there. */
export type CameraProblem = 'denied' | 'missing' | 'failed';

/** The camera the page publishes: video only (the server takes one video section, VP8). */
export const CAMERA_CONSTRAINTS: MediaStreamConstraints = {
  audio: false,
  video: { width: { ideal: 640 }, height: { ideal: 360 }, frameRate: { ideal: 15, max: 30 } },
};

/** The problem a getUserMedia failure stands for. */
export function cameraProblemOf(error: unknown): CameraProblem {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError')
    return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'DevicesNotFoundError')
    return 'missing';
  return 'failed';
}

/** Asks for the camera; a browser without media devices has no camera to give. */
export async function openCamera(): Promise<MediaStream> {
  const devices = typeof navigator === 'undefined' ? undefined : navigator.mediaDevices;
  if (!devices?.getUserMedia) throw new DOMException('No media devices', 'NotFoundError');
  return devices.getUserMedia(CAMERA_CONSTRAINTS);
}

export function stopCamera(stream: MediaStream | null): void {
  for (const track of stream?.getTracks() ?? []) track.stop();
}

/**
 * Keeps only VP8 in a transceiver's codec list (contracts live.ts: the server takes VP8 only).
 * Browsers without `setCodecPreferences` offer their default list; the server then refuses the SDP.
 */
export function preferVp8(transceiver: RTCRtpTransceiver): void {
  const capabilities =
    typeof RTCRtpSender !== 'undefined' && typeof RTCRtpSender.getCapabilities === 'function'
      ? RTCRtpSender.getCapabilities('video')
      : null;
  const vp8 = capabilities?.codecs.filter((codec) => codec.mimeType.toLowerCase() === 'video/vp8') ?? [];
  if (vp8.length > 0 && typeof transceiver.setCodecPreferences === 'function') {
    transceiver.setCodecPreferences(vp8);
  }
}
