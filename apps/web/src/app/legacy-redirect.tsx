import { Navigate, useLocation } from 'react-router';
import { paths } from '../config/paths';

/**
 * Console addresses without the /admin prefix (bookmarks and links from the older console:
 * /my-order, /recent-order, /view-order/…) go to the same screen under /admin.
 */
export function LegacyRedirect() {
  const { pathname, search, hash } = useLocation();
  return <Navigate to={`${paths.admin.dashboard}${pathname}${search}${hash}`} replace />;
}

/** The unprefixed form of every console route, e.g. '/my-order' and '/view-order/:encodedOrderId'. */
export function legacyPaths(): string[] {
  const prefix = paths.admin.dashboard;
  const admin = Object.values(paths.admin).map((value) => (typeof value === 'function' ? value() : value));
  return admin.filter((path) => path.startsWith(`${prefix}/`)).map((path) => path.slice(prefix.length));
}
