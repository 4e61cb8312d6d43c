import { FOLDERS } from '@nzeta/domain/folders';
import { type ComponentType, lazy, Suspense } from 'react';
import { createBrowserRouter, Outlet, useLocation } from 'react-router';
import { ToastContainer } from 'react-toastify';
import { paths } from '../config/paths';
import { LegacyRedirect, legacyPaths } from './legacy-redirect';
import { NotFoundPage } from './not-found-page';
import { folderListLoader, orderDetailLoader } from './route-loaders';
import { StaffLayout } from './staff-layout';
import { UnauthorizedHandler } from './unauthorized-handler';

/** Route-level code splitting: each feature's screens load on first visit. */
function page<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  const Component = lazy(async () => ({ default: pick(await load()) }));
  return (
    <Suspense fallback={<div className="page-loading">Loading...</div>}>
      <Component />
    </Suspense>
  );
}

const folders = () => import('../features/folders/pages');
const futureFolder = () => import('../features/folders/future-pages');
const reports = () => import('../features/reports');
const orderDetail = () => import('../features/order-detail');
const consolePages = () => import('../features/console/pages');
const team = () => import('../features/team');
const settings = () => import('../features/settings');
const authPages = () => import('../features/auth/pages');
const signInPage = () => import('../features/auth/components/sign-in-page');
const visitor = () => import('../features/visitor');

/**
 * Every folder of the folder table gets its route: the generic screen configured per folder
 * (SPEC §2.5), or Future Orders' month-by-month screen.
 */
export const FOLDER_ROUTES = FOLDERS.map((folder) => ({
  path: folder.path,
  folder: folder.key,
  element:
    folder.screen === 'future'
      ? page(futureFolder, (m) => m.FutureOrdersPage)
      : page(folders, (m) => () => <m.FolderPage folder={folder.key} key={folder.key} />),
  // The month screen reads its own months; the list screens start their first page here.
  loader: folder.screen === 'future' ? undefined : folderListLoader(folder.key),
}));

// The visitor frame is not part of the console's first load (170 KB budget).
const VisitorLayout = lazy(async () => ({ default: (await import('./visitor-layout')).VisitorLayout }));

const VISITOR_PREFIXES = ['/track-order', '/get-new-order-details'];

function Root() {
  const { pathname } = useLocation();
  const isVisitor = VISITOR_PREFIXES.some((prefix) => pathname.startsWith(prefix));
  return (
    <>
      <UnauthorizedHandler />
      <Outlet />
      {/* SPEC §8: staff toasts close after 5 s, pause on hover, drag to dismiss at 80 %; visitor
          toasts stay until dismissed, top-right. Staff toasts sit bottom-right, where they cover
          neither the header, its search, nor a page's top-right buttons; three at most. */}
      <ToastContainer
        position={isVisitor ? 'top-right' : 'bottom-right'}
        limit={isVisitor ? undefined : 3}
        autoClose={isVisitor ? false : 5000}
        pauseOnHover
        draggable
        draggablePercent={80}
      />
    </>
  );
}

export const router = createBrowserRouter([
  {
    element: <Root />,
    children: [
      { path: paths.signIn, element: page(signInPage, (m) => m.SignInPage) },
      { path: paths.forgotPassword, element: page(authPages, (m) => m.ForgotPasswordPage) },
      { path: paths.resetPassword(), element: page(authPages, (m) => m.ResetPasswordPage) },
      {
        path: paths.admin.dashboard,
        element: <StaffLayout />,
        children: [
          { index: true, element: page(consolePages, (m) => m.DashboardPage) },
          ...FOLDER_ROUTES.map(({ path, element, loader }) => ({ path, element, ...(loader ? { loader } : {}) })),
          { path: paths.admin.countryReport, element: page(reports, (m) => m.CountryReportPage) },
          { path: paths.admin.processedReport, element: page(reports, (m) => m.ProcessedReportPage) },
          { path: paths.admin.disputeReport, element: page(reports, (m) => m.DisputeReportPage) },
          { path: paths.admin.sendInvoice, element: page(orderDetail, (m) => m.SendInvoicePage) },
          {
            path: paths.admin.viewOrder(),
            loader: orderDetailLoader,
            element: page(orderDetail, (m) => m.OrderDetailPage),
          },
          { path: paths.admin.manageTeam, element: page(team, (m) => m.ManageTeamPage) },
          { path: paths.admin.editTeamMember(), element: page(team, (m) => m.ManageTeamPage) },
          { path: paths.admin.gatewaySetting, element: page(settings, (m) => m.GatewaySettingPage) },
          { path: paths.admin.changePassword, element: page(settings, (m) => m.ChangePasswordPage) },
          { path: paths.admin.security, element: page(settings, (m) => m.SecurityPage) },
          { path: paths.admin.settings, element: page(settings, (m) => m.SettingsPage) },
          { path: paths.admin.audit, element: page(settings, (m) => m.AuditPage) },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
      ...legacyPaths().map((path) => ({ path, element: <LegacyRedirect /> })),
      {
        element: (
          <Suspense fallback={<div className="page-loading">Loading...</div>}>
            <VisitorLayout />
          </Suspense>
        ),
        children: [
          { path: paths.visitor.trackOrder(), element: page(visitor, (m) => m.TrackOrderPage) },
          { path: paths.visitor.orderDetails(), element: page(visitor, (m) => m.OrderDownloadPage) },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
]);
