/**
 * Add to / remove from favorites (spec 4 "Favorites": pin/unpin actor over the socket). The state
 * comes from the snapshot and the pin events of every open page; while a change is on its way the
 * button is busy, and a refused change says so. Logged-in guests only (spec 6).
 */
import type { Language } from '@vela/contracts/common';
import { useState } from 'react';
import { useViewer } from '../../auth/useViewer.tsx';
import { useLiveT } from '../../notifications/hooks/useLiveT.ts';
import { useSocketSession } from '../../realtime/hooks/useSocketSession.ts';
import { useRealtime } from '../../realtime/state/RealtimeProvider.tsx';
import { useFavorites } from '../hooks/useFavorites.ts';

export function PinActorButton({ actorId, lang }: { actorId: number; lang: Language }) {
  const { loggedIn, pending } = useViewer();
  const t = useLiveT(lang);
  const client = useRealtime()?.client ?? null;
  const session = useSocketSession();
  const { pinnedActorIds } = useFavorites();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  // A shared profile still reading its viewer (decision 0033) keeps the button's room.
  if (pending) return <p className="pin-actor pin-actor--pending" aria-hidden="true" />;
  if (!loggedIn) return null;
  const pinned = pinnedActorIds.has(actorId);
  const toggle = async () => {
    if (!client) return;
    setBusy(true);
    setFailed(false);
    try {
      await client.request(
        { type: pinned ? 'unpinActor' : 'pinActor', actorId },
        pinned ? 'favoriteUnpinned' : 'favoritePinned',
      );
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };
  return (
    <p className="pin-actor">
      <button
        type="button"
        className={pinned ? 'button button--secondary' : 'button'}
        aria-pressed={pinned}
        disabled={busy || !session}
        onClick={toggle}
        data-pin-actor={actorId}
      >
        {pinned ? t('unpin') : t('pin')}
      </button>
      {failed ? (
        <span className="form-error" role="alert">
          {t('pinFailed')}
        </span>
      ) : null}
    </p>
  );
}
