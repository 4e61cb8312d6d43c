export { folderCountsQuery, useFolderCounts, useLiveOrderEvents } from './api/get-folder-counts';
