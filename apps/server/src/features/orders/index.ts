// The orders feature's public face: other features import it from here, never its files.
export { searchWhere } from './find-folder-orders';
export { findSearchMatches, SEARCH_COUNT_CAP } from './folder-search';
export { type FolderContext, folderWhere } from './folder-sql';
export { type RollupGroup, sizeOfFolder } from './get-folder-counts';
export { NEWEST_FIRST, orderByOf } from './list-ordering';
export { RollupCache, seenChange } from './rollup-cache';
