import type { ReactNode } from 'react';

/** One titled section of the profile page (a landmark region named by its heading). */
export function ProfileSection({
  id,
  title,
  intro,
  children,
}: {
  id: string;
  title: string;
  intro?: string;
  children: ReactNode;
}) {
  return (
    <section className="myvela-card" id={id} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="myvela-card__title">
        {title}
      </h2>
      {intro ? <p className="myvela-card__intro muted">{intro}</p> : null}
      {children}
    </section>
  );
}
