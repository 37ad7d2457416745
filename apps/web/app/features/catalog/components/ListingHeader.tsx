import type { ReactNode } from 'react';

/**
 * The header of a listing page: its title (the SEO h1 where set), the SEO h2 when set, then the
 * counts line (`children`). One component so the listings head their pages alike.
 */
export function ListingHeader({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle: string;
  children: ReactNode;
}) {
  return (
    <header className="page__header">
      <h1>{title}</h1>
      {subtitle ? <h2 className="page__subtitle">{subtitle}</h2> : null}
      <p className="page__meta">{children}</p>
    </header>
  );
}
