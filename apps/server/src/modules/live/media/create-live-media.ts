/**
 * Chooses the LiveMedia implementation from the configuration, like the database (decision 0038
 * part 5): `JANUS_URL` set → Janus, else the embedded werift path in this process.
 */
import type { Config } from '../../../config.ts';
import { createJanusMedia } from './janus-media.ts';
import type { LiveMedia } from './live-media.ts';
import { createWeriftMedia, type LiveMediaLog } from './werift-media.ts';

export type LiveMediaConfig = Pick<
  Config,
  | 'liveUdpPorts'
  | 'liveSourceIdleMs'
  | 'liveIceServers'
  | 'livePublicIp'
  | 'janusUrl'
  | 'janusApiSecret'
  | 'janusAdminKey'
>;

export function createLiveMedia(config: LiveMediaConfig, log: LiveMediaLog): LiveMedia {
  if (config.janusUrl) return createJanusMedia({ ...config, janusUrl: config.janusUrl }, log);
  return createWeriftMedia(config, { log });
}
