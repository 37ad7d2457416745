/**
 * The VAPID key pair of web push: WEB_PUSH_VAPID_PUBLIC_KEY and WEB_PUSH_VAPID_PRIVATE_KEY, or
 * (outside production) a pair generated once and kept in `<DATA_DIR>/web-push-vapid.json`, so the
 * browsers' subscriptions survive restarts of a local run; tests get a fresh pair. In production
 * without keys web push is off (null): several nodes must share one pair, and a generated one would
 * differ per node.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import webPush from 'web-push';
import { type Config, vapidPublicKeyOf } from '../../config.ts';

export interface VapidKeys {
  publicKey: string;
  /** Secret: never logged, never answered. */
  privateKey: string;
}

export const VAPID_KEYS_FILE = 'web-push-vapid.json';

/** True when web push can work with this configuration (keys given, or generated outside production). */
export function webPushAvailable(config: Config): boolean {
  return config.webPushVapidPrivateKey !== undefined || config.nodeEnv !== 'production';
}

export async function vapidKeysOf(config: Config): Promise<VapidKeys | null> {
  if (config.webPushVapidPublicKey !== undefined && config.webPushVapidPrivateKey !== undefined) {
    return { publicKey: config.webPushVapidPublicKey, privateKey: config.webPushVapidPrivateKey };
  }
  if (!webPushAvailable(config)) return null;
  if (config.nodeEnv === 'test') return webPush.generateVAPIDKeys();
  const file = path.join(config.dataDir, VAPID_KEYS_FILE);
  const stored = await readStored(file);
  if (stored) return stored;
  const keys = webPush.generateVAPIDKeys();
  await mkdir(config.dataDir, { recursive: true });
  await writeFile(file, `${JSON.stringify(keys)}\n`, { mode: 0o600 });
  return keys;
}

/** The stored pair; null when there is none or it is not a matching pair (then a new one is written). */
async function readStored(file: string): Promise<VapidKeys | null> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  try {
    const parsed = JSON.parse(text) as Partial<VapidKeys>;
    if (
      typeof parsed.publicKey === 'string' &&
      typeof parsed.privateKey === 'string' &&
      vapidPublicKeyOf(parsed.privateKey) === parsed.publicKey
    ) {
      return { publicKey: parsed.publicKey, privateKey: parsed.privateKey };
    }
  } catch {
    // Not JSON: replaced below.
  }
  return null;
}
