import type { Language } from '@vela/contracts/common';
import type { ActorTile as ActorTileData } from '@vela/contracts/pages';
import { pathFor } from '@vela/i18n/routes';
import { Link } from 'react-router';
import { usePagesT } from '../../i18n/usePagesT.ts';
import { useActorOnline } from '../../realtime/hooks/useActorOnline.ts';
import { formatChatPrice } from '../format.ts';
import { Picture } from './Picture.tsx';

interface ActorTileProps {
  actor: ActorTileData;
  lang: Language;
  eager?: boolean;
  /**
   * Lists of live performers (/cams/, /free-chat/): an online performer's tile leads into the
   * live-show tab, with `chat` as its `?chat=` (the offer the tab marks, e.g. `free-chat`).
   */
  live?: { chat?: string };
}

/** Where a tile leads: the live-show tab for an online performer of a live list, else the profile. */
export function actorTilePath(slug: string, lang: Language, online: boolean, live?: { chat?: string }) {
  if (!live || !online) return pathFor('Actor', lang, { actorName: slug });
  const path = pathFor('Actor/LiveShow', lang, { actorName: slug });
  return live.chat ? `${path}?chat=${encodeURIComponent(live.chat)}` : path;
}

/** A performer tile: links to the profile (name lower-cased in the URL, spec 5), or into its live show. */
export function ActorTile({ actor, lang, eager, live }: ActorTileProps) {
  const t = usePagesT(lang);
  const online = useActorOnline(actor.id, actor.isOnline);
  return (
    <Link
      className="tile tile--link"
      to={actorTilePath(actor.slug, lang, online, live)}
      data-tile-live={live && online ? '' : undefined}
    >
      <span className="tile__media">
        <Picture image={actor.avatar} alt={t('tile.avatarAlt', { name: actor.name })} eager={eager} />
        {online ? <span className="badge badge--online">{t('tile.online')}</span> : null}
      </span>
      <span className="tile__body">
        <span className="tile__title">{actor.name}</span>
        <span className="tile__meta">{t('tile.age', { age: actor.age })}</span>
        <span className="tile__price">{formatChatPrice(actor.chatPrice, lang)}</span>
      </span>
    </Link>
  );
}
