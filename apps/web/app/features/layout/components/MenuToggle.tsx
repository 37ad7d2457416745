import type { TopLevelMenu } from '@vela/domain/menus';
import { useMenu } from '../state/MenuProvider.tsx';
import { Icon, type IconName } from './Icon.tsx';

/** The button opening a top-level menu: aria-expanded / aria-controls its panel. */
export function MenuToggle({
  menu,
  icon,
  label,
  showLabel = false,
  badge,
}: {
  menu: TopLevelMenu;
  icon: IconName;
  label: string;
  showLabel?: boolean;
  /** A count on the button (unread notifications), with its accessible text; nothing when 0. */
  badge?: { count: number; label: string } | undefined;
}) {
  const { isOpen, toggle, toggleId, panelId } = useMenu(menu);
  return (
    <button
      type="button"
      id={toggleId}
      className={isOpen ? 'navbar__button navbar__button--active' : 'navbar__button'}
      aria-expanded={isOpen}
      aria-controls={panelId}
      aria-label={showLabel ? undefined : badge && badge.count > 0 ? `${label}, ${badge.label}` : label}
      onClick={toggle}
      data-menu-toggle={menu}
    >
      <Icon name={icon} />
      {showLabel ? <span className="navbar__button-label">{label}</span> : null}
      {badge && badge.count > 0 ? (
        <span className="navbar__badge" data-badge={menu} aria-hidden="true">
          {badge.count > 99 ? '99+' : badge.count}
        </span>
      ) : null}
    </button>
  );
}
