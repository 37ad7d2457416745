import type { Language } from '@vela/contracts/common';
import type { TvSeriesTile as TvSeriesTileData } from '@vela/contracts/pages';
import { usePagesT } from '../../i18n/usePagesT.ts';
import { Picture } from './Picture.tsx';

interface TvSeriesTileProps {
  series: TvSeriesTileData;
  lang: Language;
  eager?: boolean;
}

/** A TV series tile. The mediathek pages are not built yet, so the tile does not link. */
export function TvSeriesTile({ series, lang, eager }: TvSeriesTileProps) {
  const t = usePagesT(lang);
  return (
    <div className="tile">
      <span className="tile__media tile__media--wide">
        <Picture image={series.image} alt={t('tile.imageAlt', { title: series.title })} eager={eager} />
      </span>
      <span className="tile__body">
        <span className="tile__title">{series.title}</span>
        <span className="tile__meta">{t('tile.episodeCount', { count: series.episodeCount })}</span>
        <span className="tile__excerpt">{series.description}</span>
      </span>
    </div>
  );
}
