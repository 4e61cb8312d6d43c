import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error';
import { TOO_LARGE_MESSAGE } from '../documents';

export interface ReceivedUpload {
  /** the text fields, as sent */
  fields: Record<string, string>;
  /** the file part named `fileField`, held in memory (at most the multipart limit, 10 MB) */
  file?: { content: Buffer; filename: string };
}

/**
 * Reads a multipart form whatever the order of its parts. Nothing touches the disk here: the
 * file is only stored once its content has been checked, so a refused upload leaves nothing.
 */
export async function readUpload(request: FastifyRequest, fileField: string): Promise<ReceivedUpload> {
  const received: ReceivedUpload = { fields: {} };
  if (!request.isMultipart()) {
    const body = request.body;
    if (body && typeof body === 'object') {
      for (const [key, value] of Object.entries(body)) if (typeof value === 'string') received.fields[key] = value;
    }
    return received;
  }
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const content = await part.toBuffer();
        if (part.fieldname === fileField && content.length > 0) received.file = { content, filename: part.filename };
      } else if (typeof part.value === 'string') {
        received.fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    throw uploadError(error);
  }
  return received;
}

/**
 * A body that cannot be read is the sender's mistake (cut off, a boundary that never comes, more
 * parts than allowed): a 4xx, never a 500. A database or storage failure is not thrown here.
 */
function uploadError(error: unknown): AppError {
  const { code, statusCode } = error as { code?: string; statusCode?: number };
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new AppError(TOO_LARGE_MESSAGE, 413);
  if (code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') {
    return new AppError('The upload has more parts than allowed: one file and a few fields.', 413);
  }
  if (statusCode && statusCode >= 400 && statusCode < 500)
    return new AppError('The upload could not be read.', statusCode);
  return new AppError('The upload could not be read. Please try again.', 400);
}
