/**
 * The top cams block of spec 2/3: one tab per list (top 100, favorites, best chats, videocall and
 * one per performer group), each with its total. ARIA tabs pattern: arrow keys, Home and End move
 * between tabs (automatic activation), only the selected tab is in the tab order. The first list
 * comes with the page; the others load when their tab is opened
 * (GET /rest/v1/performers/topCams/:category). Other pages (the actor profile's top-cams tab) embed
 * it with the `topCams` loader call of PerformerPageServices.
 */
import type { Language } from '@vela/contracts/common';
import { TOP_CAM_CATEGORIES, type TopCamCategory } from '@vela/contracts/performer-options';
import type { TopCamList } from '@vela/contracts/performers';
import { useCallback, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { endpointData, RestError } from '../../api/rest.ts';
import { useViewer } from '../../auth/useViewer.tsx';
import { TileGrid } from '../../catalog/components/TileGrid.tsx';
import { usePaymentDialog } from '../../payment-dialog/PaymentDialogProvider.tsx';
import { usePerformersT } from '../usePerformersT.ts';
import { TopCamTile } from './TopCamTile.tsx';
import '../performers.css';

/** Top cams shown per tab and per "show more". */
export const TOP_CAMS_BATCH = 10;

type TabState =
  | { status: 'loading'; list?: TopCamList }
  | { status: 'ready'; list: TopCamList }
  | { status: 'error'; list?: TopCamList };

interface TopCamsProps {
  lang: Language;
  /** The list loaded with the page (its tab is selected first). */
  initial: TopCamList;
  categories?: readonly TopCamCategory[];
  /** Heading level of the block title. */
  headingLevel?: 2 | 3;
  /** Where the heading links to (the home block links to /cams/); null or absent: no link. */
  headingHref?: string | null;
  /** Anchor id of the block. */
  id?: string;
  /** Extra classes (the home timeline adds `home-block`). */
  className?: string;
}

export function TopCams({
  lang,
  initial,
  categories = TOP_CAM_CATEGORIES,
  headingLevel = 2,
  headingHref = null,
  id = 'top-cams',
  className = '',
}: TopCamsProps) {
  const t = usePerformersT(lang);
  const baseId = useId();
  const { loggedIn, config } = useViewer();
  const dialog = usePaymentDialog();
  const [selected, setSelected] = useState<TopCamCategory>(initial.category);
  const [tabs, setTabs] = useState<Partial<Record<TopCamCategory, TabState>>>({
    [initial.category]: { status: 'ready', list: initial },
  });
  const tabRefs = useRef<Partial<Record<TopCamCategory, HTMLButtonElement | null>>>({});

  const load = useCallback(
    async (category: TopCamCategory, offset: number, previous?: TopCamList) => {
      setTabs((s) => ({ ...s, [category]: { status: 'loading', list: previous } }));
      try {
        // The declaration (with its schemas, so zod) loads with the first tab or "more" (decision 0035).
        const { performersEndpoints } = await import('@vela/contracts/performers');
        const next: TopCamList = await endpointData(performersEndpoints.topCams, {
          params: { category },
          query: { lang, offset: String(offset), limit: String(TOP_CAMS_BATCH) },
        });
        const list = previous ? { ...next, items: [...previous.items, ...next.items] } : next;
        setTabs((s) => ({ ...s, [category]: { status: 'ready', list } }));
      } catch (error) {
        if (!(error instanceof RestError)) throw error;
        setTabs((s) => ({ ...s, [category]: { status: 'error', list: previous } }));
      }
    },
    [lang],
  );

  const select = (category: TopCamCategory, focus: boolean) => {
    setSelected(category);
    if (focus) tabRefs.current[category]?.focus();
    if (!tabs[category]) void load(category, 0);
  };

  const onKeyDown = (event: React.KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = categories.length - 1;
    const target =
      event.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (target === null) return;
    event.preventDefault();
    select(categories[target] as TopCamCategory, true);
  };

  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const headingId = `${baseId}-title`;
  const state = tabs[selected];
  const list = state?.list;

  return (
    <section className={`top-cams ${className}`.trim()} aria-labelledby={headingId} id={id}>
      <Heading id={headingId} className="home-block__title">
        {headingHref ? <Link to={headingHref}>{t('top.title')}</Link> : t('top.title')}
      </Heading>
      <div className="top-cams__tabs" role="tablist" aria-label={t('top.tabs')}>
        {categories.map((category, index) => (
          <button
            key={category}
            ref={(el) => {
              tabRefs.current[category] = el;
            }}
            type="button"
            role="tab"
            id={`${baseId}-tab-${category}`}
            aria-selected={category === selected}
            aria-controls={`${baseId}-panel`}
            tabIndex={category === selected ? 0 : -1}
            className="top-cams__tab"
            data-category={category}
            onClick={() => select(category, false)}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            {t(`top.tab.${category}`)}
          </button>
        ))}
      </div>
      <div
        className="top-cams__panel"
        role="tabpanel"
        id={`${baseId}-panel`}
        aria-labelledby={`${baseId}-tab-${selected}`}
        aria-busy={state?.status === 'loading'}
      >
        {list && !list.loginRequired ? (
          <p className="page__meta top-cams__total">{t('top.total', { count: list.total })}</p>
        ) : null}
        {list?.loginRequired || (selected === 'favorites' && !loggedIn && !list) ? (
          <div className="top-cams__hint">
            <p>{t('top.loginHint')}</p>
            {config.loginEnabled ? (
              <button
                type="button"
                className="shell-button shell-button--primary"
                onClick={() => dialog.open('login')}
              >
                {t('top.login')}
              </button>
            ) : null}
          </div>
        ) : list && list.items.length > 0 ? (
          <TileGrid
            items={list.items}
            keyOf={(cam) => cam.id}
            render={(cam, i) => <TopCamTile cam={cam} lang={lang} eager={i < 5} />}
          />
        ) : list && state?.status === 'ready' ? (
          <p className="empty-state">{selected === 'favorites' ? t('top.favoritesEmpty') : t('top.empty')}</p>
        ) : null}
        {state?.status === 'loading' ? (
          <p className="top-cams__status" role="status">
            {t('top.loading')}
          </p>
        ) : null}
        {state?.status === 'error' ? (
          <div className="top-cams__status" role="alert">
            <p>{t('top.error')}</p>
            <button
              type="button"
              className="shell-button"
              onClick={() => void load(selected, list?.items.length ?? 0, list)}
            >
              {t('top.retry')}
            </button>
          </div>
        ) : null}
        {state?.status === 'ready' && list && list.items.length < list.total ? (
          <button
            type="button"
            className="shell-button top-cams__more"
            onClick={() => void load(selected, list.items.length, list)}
          >
            {t('top.more')}
          </button>
        ) : null}
      </div>
    </section>
  );
}
