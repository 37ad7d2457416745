import type { PaymentView } from '@vela/contracts/payment';
import { type ReactNode, useEffect, useId, useRef } from 'react';

/**
 * The root of a view: `data-view` for tests and the page, a heading that takes focus when the
 * view or sub-screen appears (screen readers announce where the guest is).
 */
export function ViewRoot({
  view,
  screen,
  title,
  children,
}: {
  view: PaymentView;
  /** Sub-screen name (login view: login, pwdlost, pwdreset). */
  screen?: string;
  title: string;
  children: ReactNode;
}) {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  return (
    <section className="view" data-view={view} data-screen={screen}>
      <h1 id={headingId} ref={heading} tabIndex={-1}>
        {title}
      </h1>
      {children}
    </section>
  );
}
