import type { Language } from '@vela/contracts/common';
import type { ContestTile as ContestTileData } from '@vela/contracts/pages';
import { usePagesT } from '../../i18n/usePagesT.ts';
import { formatDate } from '../format.ts';
import { Picture } from './Picture.tsx';

interface ContestTileProps {
  contest: ContestTileData;
  lang: Language;
  eager?: boolean;
}

/** A contest tile. The contest page is not built yet, so the tile does not link. */
export function ContestTile({ contest, lang, eager }: ContestTileProps) {
  const t = usePagesT(lang);
  return (
    <div className="tile">
      <span className="tile__media tile__media--wide">
        <Picture image={contest.image} alt={t('tile.imageAlt', { title: contest.title })} eager={eager} />
        <span className={`badge badge--contest-${contest.state}`}>
          {t('tile.contestState', { state: contest.state })}
        </span>
      </span>
      <span className="tile__body">
        <span className="tile__title">{contest.title}</span>
        <span className="tile__meta">
          {t('tile.contestDates', {
            start: formatDate(contest.startsAt, lang),
            end: formatDate(contest.endsAt, lang),
          })}
        </span>
      </span>
    </div>
  );
}
