import type { Language } from '@vela/contracts/common';
import type { VideoFilter, VideoSort } from '@vela/contracts/videos';
import { Form, Link } from 'react-router';
import { endpointCall } from '../../api/rest.ts';
import { useViewer } from '../../auth/useViewer.tsx';
import { FILTER_TYPES } from '../listings.ts';
import { useVideosT } from '../useVideosT.ts';
import '../videos.css';

interface VideoListingFilterProps {
  lang: Language;
  /** The page's path (the form submits to it with GET). */
  action: string;
  sort: VideoSort;
  sorts: readonly VideoSort[];
  filter: VideoFilter;
  tags: readonly string[];
}

/**
 * Sort select and the spec 3 filter (tag, released from/until, types) as one GET form: it works
 * without JavaScript (Apply); with JavaScript a new sort applies at once and is stored for a
 * logged-in guest (tileGrid/storeTileGridSettings), so the listings open with it next time.
 */
export function VideoListingFilter({ lang, action, sort, sorts, filter, tags }: VideoListingFilterProps) {
  const t = useVideosT(lang);
  const { loggedIn } = useViewer();
  const hasFilter = Boolean(
    filter.tags?.length || filter.releasedFrom || filter.releasedUntil || filter.types?.length,
  );
  return (
    <Form method="get" action={action} className="video-filter" preventScrollReset>
      <div className="video-filter__row">
        <label className="video-filter__field">
          <span>{t('sort.label')}</span>
          <select
            name="sort"
            defaultValue={sort}
            onChange={(event) => {
              const chosen = sorts.find((s) => s === event.currentTarget.value);
              if (loggedIn && chosen) {
                // The declaration (with its schemas, so zod) loads with this first call (decision 0035).
                import('@vela/contracts/videos')
                  .then(({ videosEndpoints }) =>
                    endpointCall(videosEndpoints.storeTileGridSettings, {
                      body: { type: 'videos', settings: { sort: chosen } },
                    }),
                  )
                  .catch(() => {
                    // Storing the preference is best effort; the listing itself already changed.
                  });
              }
              event.currentTarget.form?.requestSubmit();
            }}
          >
            {sorts.map((s, i) => (
              <option key={s} value={s}>
                {i === 0 ? t('sort.default', { label: t(`sort.${s}`) }) : t(`sort.${s}`)}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="button">
          {t('filter.apply')}
        </button>
        {hasFilter ? (
          <Link className="link-button" to={action}>
            {t('filter.reset')}
          </Link>
        ) : null}
      </div>
      <details className="video-filter__details" open={hasFilter}>
        <summary>{t('filter.title')}</summary>
        <div className="video-filter__row">
          <label className="video-filter__field">
            <span>{t('filter.tag')}</span>
            <select name="tag" defaultValue={filter.tags?.[0] ?? ''}>
              <option value="">{t('filter.anyTag')}</option>
              {tags.map((tag) => (
                <option key={tag} value={tag}>
                  {tag}
                </option>
              ))}
            </select>
          </label>
          <label className="video-filter__field">
            <span>{t('filter.from')}</span>
            <input type="date" name="from" defaultValue={filter.releasedFrom ?? ''} />
          </label>
          <label className="video-filter__field">
            <span>{t('filter.until')}</span>
            <input type="date" name="until" defaultValue={filter.releasedUntil ?? ''} />
          </label>
        </div>
        <fieldset className="video-filter__types">
          <legend>{t('filter.types')}</legend>
          {FILTER_TYPES.map((type) => (
            <label key={type} className="video-filter__check">
              <input
                type="checkbox"
                name="type"
                value={type}
                defaultChecked={filter.types?.includes(type) ?? false}
              />
              <span>{t(`type.${type}`)}</span>
            </label>
          ))}
        </fieldset>
      </details>
    </Form>
  );
}
