import type { Language } from '@vela/contracts/common';
import type { BlogPostTile as BlogPostTileData } from '@vela/contracts/pages';
import { usePagesT } from '../../i18n/usePagesT.ts';
import { formatDate } from '../format.ts';
import { Picture } from './Picture.tsx';

interface BlogPostTileProps {
  post: BlogPostTileData;
  lang: Language;
  eager?: boolean;
}

/** A blog post teaser. The magazine pages are not built yet, so the tile does not link. */
export function BlogPostTile({ post, lang, eager }: BlogPostTileProps) {
  const t = usePagesT(lang);
  return (
    <div className="tile">
      <span className="tile__media tile__media--wide">
        <Picture image={post.image} alt={t('tile.imageAlt', { title: post.title })} eager={eager} />
      </span>
      <span className="tile__body">
        <span className="tile__title">{post.title}</span>
        <span className="tile__meta">
          <time dateTime={post.publishedAt}>{formatDate(post.publishedAt, lang)}</time>
        </span>
        <span className="tile__excerpt">{post.excerpt}</span>
      </span>
    </div>
  );
}
