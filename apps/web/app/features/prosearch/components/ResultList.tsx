import type { Language } from '@vela/contracts/common';
import type { ActorSearchResult } from '@vela/contracts/prosearch';
import { pathFor } from '@vela/i18n/routes';
import { Link } from 'react-router';
import { Picture } from '../../catalog/components/Picture.tsx';
import { formatChatPrice } from '../../catalog/format.ts';
import { useProSearchT } from '../useProSearchT.ts';

/** The results as a numbered list (the numbers are the map's markers): the way that never needs the map. */
export function ResultList({ lang, result }: { lang: Language; result: ActorSearchResult }) {
  const t = useProSearchT(lang);
  return (
    <ol className="prosearch__list" start={result.offset + 1} aria-label={t('list.title')}>
      {result.items.map((hit, index) => (
        <li key={hit.actor.id} className="prosearch__hit" data-testid="prosearch-hit">
          <span className="prosearch__number" aria-hidden="true">
            {result.offset + index + 1}
          </span>
          <span className="prosearch__avatar">
            <Picture image={hit.actor.avatar} alt="" sizes="64px" eager={index < 4} />
          </span>
          <span className="prosearch__hit-body">
            <Link className="prosearch__name" to={pathFor('Actor', lang, { actorName: hit.actor.slug })}>
              {hit.actor.name}
            </Link>
            <span className="prosearch__meta">
              {t('age', { age: hit.actor.age })}
              {hit.city ? ` · ${hit.city}` : ''}
              {' · '}
              {formatChatPrice(hit.actor.chatPrice, lang)}
            </span>
            {hit.distanceKm !== null ? (
              <span className="prosearch__distance" data-testid="prosearch-distance" data-km={hit.distanceKm}>
                {t('distance', { km: hit.distanceKm })}
              </span>
            ) : null}
          </span>
          {hit.actor.isOnline ? <span className="badge badge--online">{t('online')}</span> : null}
        </li>
      ))}
    </ol>
  );
}
