/** Where a search result leads; null when that page is not built (nothing links to a 404). */
import type { Language } from '@vela/contracts/common';
import type { SearchGroupType, SearchItemOf } from '@vela/contracts/search';
import { linkIfBuilt } from '../i18n/implemented.ts';

export function itemLink<T extends SearchGroupType>(
  type: T,
  item: SearchItemOf[T],
  lang: Language,
): string | null {
  switch (type) {
    case 'actors': {
      const actor = item as SearchItemOf['actors'];
      return linkIfBuilt('Actor', lang, { actorName: actor.slug });
    }
    case 'models': {
      const model = item as SearchItemOf['models'];
      return (
        linkIfBuilt('Actor/Videos', lang, { actorName: model.slug }) ??
        linkIfBuilt('Actor', lang, { actorName: model.slug })
      );
    }
    case 'videos':
    case 'asmr': {
      const video = item as SearchItemOf['videos'];
      return (
        linkIfBuilt('Actor/Videos', lang, { actorName: video.actor.slug }) ??
        linkIfBuilt('Actor', lang, { actorName: video.actor.slug })
      );
    }
    case 'photos':
    case 'galleries': {
      const album = item as SearchItemOf['photos'];
      return (
        linkIfBuilt('Actor/Pictures', lang, { actorName: album.actor.slug, albumId: album.id }) ??
        linkIfBuilt('Actor', lang, { actorName: album.actor.slug })
      );
    }
    case 'tv':
      return linkIfBuilt('TV/Mediathek/Series', lang, { series: (item as SearchItemOf['tv']).key });
    case 'mediathek':
      return linkIfBuilt('TV/Mediathek/Videos', lang, {
        key: (item as SearchItemOf['mediathek']).series.key,
      });
    default:
      return null;
  }
}

/** The search page for a pattern (optionally one group's page), or null while it is not built. */
export function searchPageLink(
  lang: Language,
  pattern: string,
  group?: SearchGroupType,
  offset?: number,
): string | null {
  const base = linkIfBuilt('Search/Videos', lang, { searchPattern: pattern });
  if (!base || !group) return base;
  return `${base}?group=${group}${offset ? `&offset=${offset}` : ''}#group-${group}`;
}
