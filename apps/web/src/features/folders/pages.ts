export { DashboardPage } from './components/dashboard-page';
export { FolderPage, RefundsPage } from './components/folder-page';
export { FutureOrdersPage } from './components/future-orders-page';
