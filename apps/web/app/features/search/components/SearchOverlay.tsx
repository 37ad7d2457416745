/**
 * The search overlay of the navbar (spec 2/5): the "search" top-level menu (one menu open at a
 * time, Escape closes and returns focus to the search button: MenuProvider). Its content
 * (SearchOverlayBody: search as you type, results, recent searches) loads when it first opens
 * (issue 15: first load on a phone); it takes the focus once there.
 */

import { lazyPanelContent } from '../../layout/components/lazyPanelContent.tsx';
import { MenuPanel } from '../../layout/components/MenuPanel.tsx';
import { useMenu } from '../../layout/state/MenuProvider.tsx';
import { useShell } from '../../layout/state/ShellContext.tsx';
import { useSearchT } from '../useSearchT.ts';
// The panel's width and the results' styles come with the shell, before the body's code.
import '../search.css';

const SearchOverlayBody = lazyPanelContent('Search overlay', () =>
  import('./SearchOverlayBody.tsx').then((module) => module.SearchOverlayBody),
);

export function SearchOverlay() {
  const { lang } = useShell();
  const t = useSearchT(lang);
  const { isOpen } = useMenu('search');
  return (
    <MenuPanel menu="search" label={t('overlay.label')}>
      {isOpen ? <SearchOverlayBody /> : null}
    </MenuPanel>
  );
}
