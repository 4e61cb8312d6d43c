export { FolderPage, RefundsPage } from './components/folder-page';
export { FutureOrdersPage } from './components/future-orders-page';
