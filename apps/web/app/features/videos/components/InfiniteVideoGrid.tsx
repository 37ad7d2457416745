import type { Language } from '@vela/contracts/common';
import type { VideoFilter, VideoListItem } from '@vela/contracts/videos';
import type { VideoListingCategory } from '@vela/domain/video-listings';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { endpointData } from '../../api/rest.ts';
import { TileGrid } from '../../catalog/components/TileGrid.tsx';
import { gridParams } from '../listings.ts';
import { useVideosT } from '../useVideosT.ts';
import { VideoListTile } from './VideoListTile.tsx';
import '../videos.css';

/** Spec 8: the grid's failure code for the client. */
export const GRID_FAILURE_CODE = 'rest-error';

interface InfiniteVideoGridProps {
  lang: Language;
  category: VideoListingCategory;
  /** The sort the server used for the first page (the guest's stored one or the default). */
  sort: string;
  filter: VideoFilter;
  /** The server-rendered page. */
  initial: VideoListItem[];
  startOffset: number;
  hasMore: boolean;
  /** Real page links for visitors without JavaScript and for crawlers. */
  nextHref: string | null;
  prevHref: string | null;
  labelledBy: string;
}

type Status = 'idle' | 'loading' | 'error';

/**
 * The video grid with infinite scroll (spec 4 "infinite scroll appends"): the first page comes
 * from the server; further pages load when the sentinel below the grid comes into view, or with
 * the "Load more" button. Without JavaScript the grid pages with `?page=N` links.
 */
export function InfiniteVideoGrid(props: InfiniteVideoGridProps) {
  const { lang, category, sort, filter, initial, startOffset, nextHref, prevHref, labelledBy } = props;
  const t = useVideosT(lang);
  const [items, setItems] = useState(initial);
  const [hasMore, setHasMore] = useState(props.hasMore);
  const [status, setStatus] = useState<Status>('idle');
  const [hydrated, setHydrated] = useState(false);
  const nextOffset = useRef(startOffset + initial.length);
  const busy = useRef(false);
  const sentinel = useRef<HTMLDivElement>(null);
  const retryButton = useRef<HTMLButtonElement>(null);

  useEffect(() => setHydrated(true), []);

  // The "Load more" button gives way to the retry button on an error: keep the keyboard focus there.
  useEffect(() => {
    if (status !== 'error') return;
    const active = typeof document === 'undefined' ? null : document.activeElement;
    if (!active || active === document.body) retryButton.current?.focus();
  }, [status]);

  const loadMore = useCallback(async () => {
    if (busy.current) return;
    busy.current = true;
    setStatus('loading');
    try {
      // The declaration and its answer's schema (with zod) load with the first further page, not with
      // the page (decision 0035).
      const { videosEndpoints } = await import('@vela/contracts/videos');
      const page = await endpointData(videosEndpoints.tileGrid, {
        params: gridParams({ category, sort, filter, offset: nextOffset.current }),
      });
      nextOffset.current += page.items.length;
      setItems((previous) => {
        const seen = new Set(previous.map((item) => item.id));
        return [...previous, ...page.items.filter((item) => !seen.has(item.id))];
      });
      setHasMore(page.hasMore && page.items.length > 0);
      setStatus('idle');
    } catch {
      setStatus('error');
    } finally {
      busy.current = false;
    }
  }, [category, sort, filter]);

  // Load the next page when the sentinel comes near the viewport; re-armed after each page, so a
  // tall screen fills up. Stops on an error (the retry button takes over).
  useEffect(() => {
    if (!hydrated || !hasMore || status !== 'idle') return;
    const element = sentinel.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) void loadMore();
      },
      { rootMargin: '300px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [hydrated, hasMore, status, loadMore]);

  return (
    <div
      className="video-grid"
      data-status={status}
      data-error-code={status === 'error' ? GRID_FAILURE_CODE : undefined}
    >
      {items.length > 0 ? (
        <TileGrid
          items={items}
          keyOf={(v) => v.id}
          labelledBy={labelledBy}
          render={(v, i) => <VideoListTile video={v} lang={lang} eager={i < 5} />}
        />
      ) : (
        <p className="empty-state">{t('grid.empty')}</p>
      )}
      <p className="video-grid__count" aria-live="polite" aria-atomic="true">
        {items.length > 0 ? t('grid.count', { count: items.length }) : ''}
        {status === 'loading' ? ` ${t('grid.loading')}` : ''}
      </p>
      <div ref={sentinel} className="video-grid__sentinel" aria-hidden="true" />
      {hydrated ? (
        <div className="video-grid__more">
          {status === 'error' ? (
            <p role="alert" className="notice">
              {t('grid.error')}{' '}
              <button ref={retryButton} type="button" className="button" onClick={() => void loadMore()}>
                {t('grid.retry')}
              </button>
            </p>
          ) : hasMore ? (
            <button
              type="button"
              className="button"
              onClick={() => void loadMore()}
              // Not `disabled` while loading: a disabled button would drop the keyboard focus.
              aria-disabled={status === 'loading'}
              aria-busy={status === 'loading'}
            >
              {status === 'loading' ? t('grid.loading') : t('grid.loadMore')}
            </button>
          ) : items.length > 0 ? (
            <p className="muted">{t('grid.end')}</p>
          ) : null}
        </div>
      ) : null}
      {(!hydrated && nextHref) || prevHref ? (
        <nav className="pagination" aria-label={t('grid.page', { page: Math.floor(startOffset / 30) + 1 })}>
          <ul>
            {prevHref ? (
              <li>
                <Link to={prevHref} rel="prev">
                  {t('grid.previousPage')}
                </Link>
              </li>
            ) : null}
            {!hydrated && nextHref ? (
              <li>
                <Link to={nextHref} rel="next">
                  {t('grid.nextPage')}
                </Link>
              </li>
            ) : null}
          </ul>
        </nav>
      ) : null}
    </div>
  );
}
