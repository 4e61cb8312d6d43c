// The documents feature's public face: other features import it from here, never its files.
export { type DocumentExtension, generateStoredName, prepareUpload, TOO_LARGE_MESSAGE } from './inspect-upload';
export { TEMP_PREFIX } from './local-storage';
export { createDocumentStorage, DocumentNotFoundError, type DocumentStorage, streamToBuffer } from './storage';
