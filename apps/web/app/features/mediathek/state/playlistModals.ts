/**
 * What the spec 2 modals `playlist-delete` and `playlist-cancel-changes` show and do, handed over by
 * the playlist editor (a registered modal has no props of its own; the not-enough-money modal works
 * the same way). One request per modal at a time. Browser only (a server render opens no modal).
 */
import { useSyncExternalStore } from 'react';
import { createListeners } from '../../realtime/state/listeners.ts';

export interface PlaylistConfirmRequest {
  /** The playlist's name as the guest sees it. */
  name: string;
  /** The guest confirmed (delete it / discard the changes). */
  onConfirm(): void;
  /** Closed without confirming (the button, ×, Escape or the backdrop). */
  onCancel(): void;
}

export type PlaylistModalId = 'playlist-delete' | 'playlist-cancel-changes';

const current: Record<PlaylistModalId, PlaylistConfirmRequest | null> = {
  'playlist-delete': null,
  'playlist-cancel-changes': null,
};
const listeners = createListeners();

export function setPlaylistRequest(id: PlaylistModalId, request: PlaylistConfirmRequest | null): void {
  current[id] = request;
  listeners.emit();
}

export function usePlaylistRequest(id: PlaylistModalId): PlaylistConfirmRequest | null {
  return useSyncExternalStore(
    listeners.subscribe,
    () => current[id],
    () => null,
  );
}
