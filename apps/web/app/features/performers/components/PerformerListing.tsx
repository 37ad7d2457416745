import type { Language } from '@vela/contracts/common';
import type { ActorTile as ActorTileData } from '@vela/contracts/pages';
import { useNavigation } from 'react-router';
import { ActorTile } from '../../catalog/components/ActorTile.tsx';
import { Pagination } from '../../catalog/components/Pagination.tsx';
import { TileGrid } from '../../catalog/components/TileGrid.tsx';
import { usePerformersT } from '../usePerformersT.ts';

interface PerformerListingProps {
  lang: Language;
  actors: ActorTileData[];
  page: number;
  pageCount: number;
  label: string;
  emptyText: string;
  /** Query parameters kept on the page links. */
  search?: string;
  /** A list of live performers: online tiles lead into the live-show tab (ActorTile `live`). */
  live?: { chat?: string };
}

/** A page of performer tiles (the spec 2 `pagination` anchor), the empty state and the page links. */
export function PerformerListing({
  lang,
  actors,
  page,
  pageCount,
  label,
  emptyText,
  search,
  live,
}: PerformerListingProps) {
  const t = usePerformersT(lang);
  // While the next filter, order or page loads, the current tiles stay, dimmed and marked busy.
  const loading = useNavigation().state === 'loading';
  return (
    <section
      id="pagination"
      className={`listing${loading ? ' listing--loading' : ''}`}
      aria-label={label || t('list.label')}
      aria-busy={loading}
    >
      {actors.length > 0 ? (
        <TileGrid
          items={actors}
          keyOf={(a) => a.id}
          render={(a, i) => <ActorTile actor={a} lang={lang} eager={i < 5} live={live} />}
        />
      ) : (
        <p className="empty-state">{emptyText}</p>
      )}
      <Pagination page={page} pageCount={pageCount} lang={lang} search={search} />
    </section>
  );
}
