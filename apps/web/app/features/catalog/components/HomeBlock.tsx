import type { ReactNode } from 'react';
import { Link } from 'react-router';

interface HomeBlockProps {
  /** Anchor id of the block (also used for its heading id). */
  id: string;
  title: string;
  /** Target of the heading link; null while that page is not built (heading without link). */
  href: string | null;
  children: ReactNode;
}

/** One block of the home timeline: a heading (linked when its page exists) and its tiles. */
export function HomeBlock({ id, title, href, children }: HomeBlockProps) {
  const headingId = `${id}-title`;
  return (
    <section id={id} className="home-block" aria-labelledby={headingId}>
      <h2 id={headingId} className="home-block__title">
        {href ? <Link to={href}>{title}</Link> : title}
      </h2>
      {children}
    </section>
  );
}
