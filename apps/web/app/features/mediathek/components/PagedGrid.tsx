/**
 * A loaded media library list: its states (loading, failed, empty with its reason), the grid, the
 * count, "Show more", and one live region for what an action did.
 */
import type { ReactNode } from 'react';
import { TileGrid } from '../../catalog/components/TileGrid.tsx';
import { type MediathekT, mediathekErrorText } from '../hooks/useMediathekT.ts';
import type { PagedList } from '../hooks/usePagedList.ts';
import { SectionEmpty, SectionFailed, SectionLoading } from './SectionState.tsx';

export function PagedGrid<T>({
  t,
  list,
  empty,
  keyOf,
  render,
  announcement,
  extra,
}: {
  t: MediathekT;
  list: PagedList<T>;
  /** What an empty (or not filled) section says. */
  empty: ReactNode;
  keyOf: (item: T) => number;
  render: (item: T) => ReactNode;
  announcement: string;
  /** Shown above the grid once loaded (the pinned pictures). */
  extra?: ReactNode;
}) {
  if (list.state === 'loading') return <SectionLoading t={t} />;
  if (list.state === 'failed')
    return <SectionFailed t={t} text={mediathekErrorText(t, list.error)} onRetry={list.retry} />;
  return (
    <>
      <p className="myvela-status myvela-status--success" role="status">
        {announcement}
      </p>
      {extra}
      {list.items.length === 0 ? (
        <SectionEmpty>{empty}</SectionEmpty>
      ) : (
        <>
          <p className="muted">{t('count', { count: list.total })}</p>
          <TileGrid items={list.items} keyOf={keyOf} render={render} />
        </>
      )}
      {list.hasMore ? (
        <div className="myvela-actions">
          <button type="button" className="shell-button" disabled={list.loadingMore} onClick={list.loadMore}>
            {t('more')}
          </button>
        </div>
      ) : null}
      {list.moreError ? (
        <p className="myvela-status myvela-status--error" role="alert">
          {mediathekErrorText(t, list.moreError)}
        </p>
      ) : null}
    </>
  );
}
