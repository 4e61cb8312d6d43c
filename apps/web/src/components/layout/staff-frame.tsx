import { type ReactNode, useEffect, useRef, useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import logo from '../../assets/logo.svg';
import { Icon, type IconName } from '../ui/icon';

export interface FrameMenuEntry {
  label: string;
  to: string;
  icon: IconName;
  count?: number | undefined;
}

export interface StaffFrameProps {
  title: string;
  userName: string;
  menu: FrameMenuEntry[];
  notifications: string[];
  onLogout(): void;
  children: ReactNode;
}

/** The staff console frame (SPEC §2.3): fixed header, side menu collapsing under 992 px. */
export function StaffFrame({ title, userName, menu, notifications, onLogout, children }: StaffFrameProps) {
  const [isMenuOpen, setMenuOpen] = useState(false);
  const location = useLocation();
  // Navigating closes the small-screen menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every route change on purpose
  useEffect(() => setMenuOpen(false), [location.pathname]);

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
        <ul>
          {menu.map((entry) => (
            <li key={entry.to}>
              <NavLink to={entry.to} end className={({ isActive }) => (isActive ? 'active' : undefined)}>
                <Icon name={entry.icon} />
                <span className="label">{entry.label}</span>
                {entry.count !== undefined && <span className="count">{entry.count.toLocaleString()}</span>}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      {isMenuOpen && <div className="side-menu-backdrop" aria-hidden="true" onClick={() => setMenuOpen(false)} />}
      <main className="staff-content" id="main">
        {children}
      </main>
    </div>
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
        aria-label={`Account menu for ${userName}`}
        onClick={() => setOpen(!isOpen)}
      >
        {initials}
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
      <button
        type="button"
        className="icon-button"
        aria-label={`Notifications (${items.length})`}
        aria-expanded={isOpen}
        onClick={() => setOpen(!isOpen)}
      >
        <Icon name="bell" />
        {items.length > 0 && <span className="badge-dot">{Math.min(items.length, 9)}</span>}
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
