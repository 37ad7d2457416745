import type { TopLevelMenu } from '@vela/domain/menus';
import type { ReactNode } from 'react';
import { useMenu } from '../state/MenuProvider.tsx';

/** The panel of a top-level menu; always in the DOM (aria-controls target), hidden while closed. */
export function MenuPanel({
  menu,
  label,
  align = 'end',
  children,
}: {
  menu: TopLevelMenu;
  label: string;
  align?: 'start' | 'end';
  children: ReactNode;
}) {
  const { isOpen, panelId } = useMenu(menu);
  return (
    <section
      id={panelId}
      className={`menu-panel menu-panel--${align}`}
      aria-label={label}
      hidden={!isOpen}
      data-menu-panel={menu}
    >
      {isOpen ? children : null}
    </section>
  );
}
