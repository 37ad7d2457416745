import type { Language } from '@vela/contracts/common';
import type { CategoryTile as CategoryTileData } from '@vela/contracts/pages';
import { pathFor } from '@vela/i18n/routes';
import { Link } from 'react-router';
import { usePagesT } from '../../i18n/usePagesT.ts';
import { Picture } from './Picture.tsx';

interface CategoryTileProps {
  category: CategoryTileData;
  lang: Language;
  eager?: boolean;
}

export function CategoryTile({ category, lang, eager }: CategoryTileProps) {
  const t = usePagesT(lang);
  return (
    <Link
      className="tile tile--link"
      to={pathFor('Categories/Category', lang, { categorySlug: category.slug })}
    >
      <span className="tile__media tile__media--wide">
        <Picture image={category.image} alt={t('tile.imageAlt', { title: category.name })} eager={eager} />
      </span>
      <span className="tile__body">
        <span className="tile__title">{category.name}</span>
        <span className="tile__meta">{t('tile.actorCount', { count: category.actorCount })}</span>
      </span>
    </Link>
  );
}
