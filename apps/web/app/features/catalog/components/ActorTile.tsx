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
}

/** A performer tile: links to the profile (name lower-cased in the URL, spec 5). */
export function ActorTile({ actor, lang, eager }: ActorTileProps) {
  const t = usePagesT(lang);
  const online = useActorOnline(actor.id, actor.isOnline);
  return (
    <Link className="tile tile--link" to={pathFor('Actor', lang, { actorName: actor.slug })}>
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
