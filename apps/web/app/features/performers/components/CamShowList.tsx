import type { Language } from '@vela/contracts/common';
import type { CamShow } from '@vela/contracts/performers';
import { pathFor } from '@vela/i18n/routes';
import { Link } from 'react-router';
import { Picture } from '../../catalog/components/Picture.tsx';
import { formatPriceInCoins } from '../../catalog/format.ts';
import { TicketSlot } from '../../tickets/TicketSlot.tsx';
import { usePerformersT } from '../usePerformersT.ts';
import '../performers.css';

/** A cam show with its start and end already formatted in Europe/Berlin time by the loader. */
export type CamShowView = CamShow & { startText: string; endText: string };

/** Upcoming and running cam shows, featured first (the order the server gives). */
export function CamShowList({ shows, lang }: { shows: CamShowView[]; lang: Language }) {
  const t = usePerformersT(lang);
  return (
    <ul className="cam-shows" aria-label={t('shows.label')}>
      {shows.map((show) => {
        const profile = pathFor('Actor', lang, { actorName: show.actorSlug });
        return (
          <li key={show.id} className={`cam-show${show.isFeatured ? ' cam-show--featured' : ''}`}>
            <Link to={profile} className="cam-show__avatar" tabIndex={-1} aria-hidden="true">
              <Picture image={show.actorAvatar} alt="" sizes="96px" />
            </Link>
            <div>
              <h2 className="cam-show__title">{show.title}</h2>
              <p className="cam-show__meta">
                <Link to={profile}>{t('shows.by', { name: show.actorName })}</Link>
                <span>
                  <time dateTime={show.start}>{show.startText}</time>
                  {' – '}
                  <time dateTime={show.end}>{show.endText}</time>
                </span>
                <span className="tile__price">
                  {show.isFree ? t('shows.free') : formatPriceInCoins(show.price, lang)}
                </span>
                {show.hasStarted ? <span className="badge badge--online">{t('shows.running')}</span> : null}
                {show.isFeatured ? <span className="badge">{t('shows.featured')}</span> : null}
              </p>
              {show.description ? <p className="cam-show__description">{show.description}</p> : null}
              <TicketSlot show={show} lang={lang} />
            </div>
          </li>
        );
      })}
    </ul>
  );
}
