export { FolderPage } from './components/folder-page';
