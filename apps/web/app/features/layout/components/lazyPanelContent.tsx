/**
 * Menu panels that are closed when a page loads (search, navigation, notifications, my account) render
 * their content only while open (MenuPanel), so its code can wait until the first opening (issue 15:
 * first load on a phone, decision 0035). The server's markup is the same: a closed panel is an empty
 * `<section hidden>` either way.
 */
import { type ComponentType, lazy, Suspense } from 'react';
import { useAccountT } from '../../auth/useAccountT.ts';

/** Shown in an open panel while its content's code arrives. */
function PanelLoading() {
  const t = useAccountT();
  return (
    <p className="menu-empty" role="status" data-panel-loading="">
      {t('dialogLoading')}
    </p>
  );
}

function PanelDidNotLoad(): null {
  return null;
}

/**
 * The component `load` answers, loaded when first rendered, with a loading status meanwhile. A failed
 * load (offline) leaves the panel empty and is tried again when the panel opens the next time.
 */
export function lazyPanelContent<P extends object>(
  name: string,
  load: () => Promise<ComponentType<P>>,
): ComponentType<P> {
  const attempt = () =>
    lazy<ComponentType<P>>(() =>
      load().then(
        (component) => ({ default: component }),
        (error: unknown) => {
          console.warn(`${name}: its code did not load`, error);
          Content = attempt();
          return { default: PanelDidNotLoad };
        },
      ),
    );
  let Content = attempt();
  function LazyPanelContent(props: P) {
    return (
      <Suspense fallback={<PanelLoading />}>
        <Content {...props} />
      </Suspense>
    );
  }
  LazyPanelContent.displayName = name;
  return LazyPanelContent;
}
