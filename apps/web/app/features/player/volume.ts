/**
 * The remembered player volume (spec 9 local storage key "player volume", PLAYER_VOLUME_STORAGE_KEY):
 * a number 0..1 as text. Unreadable storage (private mode, blocked) or a value that is not a volume
 * reads as nothing, and a write that fails is skipped: the player still plays.
 */
import { PLAYER_VOLUME_STORAGE_KEY } from '@vela/contracts/playback';

export function readPlayerVolume(storage: Pick<Storage, 'getItem'> | undefined): number | null {
  try {
    const raw = storage?.getItem(PLAYER_VOLUME_STORAGE_KEY);
    if (raw == null || raw.trim() === '') return null;
    const value = Number(raw);
    return Number.isFinite(value) && value >= 0 && value <= 1 ? value : null;
  } catch {
    return null;
  }
}

export function writePlayerVolume(storage: Pick<Storage, 'setItem'> | undefined, volume: number): void {
  if (!Number.isFinite(volume)) return;
  try {
    storage?.setItem(
      PLAYER_VOLUME_STORAGE_KEY,
      String(Math.min(1, Math.max(0, Math.round(volume * 1000) / 1000))),
    );
  } catch {
    // Storage full or blocked: the volume is not remembered this time.
  }
}
