export { FolderPage, RefundsPage } from './components/folder-page';
