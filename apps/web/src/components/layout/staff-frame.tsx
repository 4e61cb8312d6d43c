import { type ReactNode, useEffect, useRef, useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import logo from '../../assets/logo.svg';
import { Icon, type IconName } from '../ui/icon';

export interface FrameMenuEntry {
  label: string;
  to: string;
  icon: IconName;
  count?: number | undefined;
  /** collapsible section; entries without one stay on top */
  group?: string | undefined;
}

export interface StaffFrameProps {
  title: string;
  userName: string;
  menu: FrameMenuEntry[];
  notifications: string[];
  onLogout(): void;
  children: ReactNode;
  /** the header's search (between title and the account controls) */
  search?: ReactNode;
  /** sections the member has folded away, and how to fold one */
  collapsedGroups?: readonly string[];
  onToggleGroup?(group: string): void;
}

/** The staff console frame (SPEC §2.3): fixed header, side menu collapsing under 992 px. */
export function StaffFrame(props: StaffFrameProps) {
  const { title, userName, menu, notifications, onLogout, children } = props;
  const [isMenuOpen, setMenuOpen] = useState(false);
  const location = useLocation();
  // Navigating closes the small-screen menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every route change on purpose
  useEffect(() => setMenuOpen(false), [location.pathname]);
  // Escape closes the small-screen menu, as it closes every other overlay.
  useEffect(() => {
    if (!isMenuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMenuOpen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [isMenuOpen]);

  return (
    <div className="staff-app">
      <header className="staff-header">
        <button
          type="button"
          className="menu-toggle"
          aria-label="Open menu"
          aria-expanded={isMenuOpen}
          onClick={() => setMenuOpen(true)}
        >
          <Icon name="menu" size={22} />
        </button>
        <img src={logo} alt="" className="staff-logo" width={36} height={36} />
        <span className="staff-title">{title}</span>
        {props.search}
        <div className="staff-header-end">
          <LanguageSelect />
          <NotificationBell items={notifications} />
          <span className="welcome d-none d-md-inline">Welcome {userName}</span>
          <UserMenu userName={userName} onLogout={onLogout} />
        </div>
      </header>
      <nav className={`side-menu${isMenuOpen ? ' open' : ''}`} aria-label="Main menu">
        <button type="button" className="side-menu-close" aria-label="Close menu" onClick={() => setMenuOpen(false)}>
          <Icon name="close" />
        </button>
        <MenuTree menu={menu} collapsed={props.collapsedGroups ?? []} onToggle={props.onToggleGroup} />
      </nav>
      {isMenuOpen && <div className="side-menu-backdrop" aria-hidden="true" onClick={() => setMenuOpen(false)} />}
      <main className="staff-content" id="main">
        {children}
      </main>
    </div>
  );
}

/**
 * The frame's root entry (the dashboard, '/admin') lies above every page, so it is active only on
 * itself; any other entry stays active on the pages below it, such as a member's edit screen
 * under Manage Team (SPEC §2.3: the menu highlights the active entry).
 */
const isRootEntry = (to: string) => to.split('/').filter(Boolean).length <= 1;

function MenuLink({ entry }: { entry: FrameMenuEntry }) {
  return (
    <li>
      <NavLink
        to={entry.to}
        end={isRootEntry(entry.to)}
        className={({ isActive }) => (isActive ? 'active' : undefined)}
      >
        <Icon name={entry.icon} />
        <span className="label">{entry.label}</span>
        {entry.count !== undefined && <span className="count">{entry.count.toLocaleString()}</span>}
      </NavLink>
    </li>
  );
}

/** Ungrouped entries first, then each group under a heading that folds it away. */
function MenuTree(props: { menu: FrameMenuEntry[]; collapsed: readonly string[]; onToggle?: (group: string) => void }) {
  const { pathname } = useLocation();
  const groups = [...new Set(props.menu.flatMap((entry) => (entry.group ? [entry.group] : [])))];
  return (
    <>
      <ul>
        {props.menu
          .filter((entry) => !entry.group)
          .map((entry) => (
            <MenuLink key={entry.to} entry={entry} />
          ))}
      </ul>
      {groups.map((group) => {
        const entries = props.menu.filter((entry) => entry.group === group);
        // The group holding the open page never hides it.
        const isCurrent = entries.some((entry) => entry.to === pathname);
        const isCollapsed = props.collapsed.includes(group) && !isCurrent;
        const listId = `menu-group-${group.replace(/\W+/g, '-').toLowerCase()}`;
        return (
          <div className="menu-group" key={group}>
            <button
              type="button"
              className="menu-group-toggle"
              aria-expanded={!isCollapsed}
              aria-controls={listId}
              onClick={() => props.onToggle?.(group)}
            >
              <span>{group}</span>
              <Icon name="chevron" size={16} className={isCollapsed ? 'is-collapsed' : undefined} />
            </button>
            <ul id={listId} hidden={isCollapsed}>
              {entries.map((entry) => (
                <MenuLink key={entry.to} entry={entry} />
              ))}
            </ul>
          </div>
        );
      })}
    </>
  );
}

function usePopover() {
  const [isOpen, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!isOpen) return;
    const close = (event: MouseEvent | KeyboardEvent) => {
      if (event instanceof KeyboardEvent ? event.key === 'Escape' : !ref.current?.contains(event.target as Node))
        setOpen(false);
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', close);
    };
  }, [isOpen]);
  return { isOpen, setOpen, ref };
}

function UserMenu({ userName, onLogout }: { userName: string; onLogout(): void }) {
  const { isOpen, setOpen, ref } = usePopover();
  const initials = userName
    .split(/\s+/)
    .map((part) => part[0])
    .join('')
    .slice(0, 2)
    .toUpperCase();
  return (
    <div className="user-menu" ref={ref}>
      <button
        type="button"
        className="avatar"
        aria-haspopup="menu"
        aria-expanded={isOpen}
        onClick={() => setOpen(!isOpen)}
      >
        <span aria-hidden="true">{initials}</span>
        <span className="visually-hidden">Account menu for {userName}</span>
        <span className="online-dot" aria-hidden="true" />
      </button>
      {isOpen && (
        <div className="dropdown-menu show end-0" role="menu">
          <span className="dropdown-item-text small text-muted d-md-none">Welcome {userName}</span>
          <button type="button" className="dropdown-item" role="menuitem" onClick={onLogout}>
            Logout
          </button>
        </div>
      )}
    </div>
  );
}

function NotificationBell({ items }: { items: string[] }) {
  const { isOpen, setOpen, ref } = usePopover();
  return (
    <div className="notifications" ref={ref}>
      <button type="button" className="icon-button" aria-expanded={isOpen} onClick={() => setOpen(!isOpen)}>
        <Icon name="bell" />
        <span className="visually-hidden">Notifications ({items.length})</span>
        {items.length > 0 && (
          <span className="badge-dot" aria-hidden="true">
            {Math.min(items.length, 9)}
          </span>
        )}
      </button>
      {isOpen && (
        <div className="dropdown-menu show end-0 notification-list" role="status">
          {items.length === 0 ? (
            <span className="dropdown-item-text small text-muted">No notifications</span>
          ) : (
            items.map((item, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: notifications are an append-only list of texts
              <span key={index} className="dropdown-item-text small">
                {item}
              </span>
            ))
          )}
        </div>
      )}
    </div>
  );
}

/** The console's own language selector (DESIGN §4): no third-party page translation. */
function LanguageSelect() {
  return (
    <label className="language-select d-none d-sm-flex">
      <span className="visually-hidden">Language</span>
      <select className="form-select form-select-sm" defaultValue="en" aria-label="Language">
        <option value="en">English</option>
      </select>
    </label>
  );
}
