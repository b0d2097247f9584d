import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { chmod, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { Response } from 'express';
import { DOCUMENT_MAX_BYTES } from '../../src/shared/contracts/documents';
import { ATTACHMENT_MAX_BYTES } from '../../src/shared/domain/limits';
import { AppError } from './app-error';
import { diskUpload, uploadsDir, type UploadedFile, type UploadReader } from './uploads';

/** The stores of DATA_DIR: their folder and the largest file each keeps. */
export const FILE_STORES = {
  attachments: { folder: 'attachments', maxBytes: ATTACHMENT_MAX_BYTES },
  documents: { folder: 'documents', maxBytes: DOCUMENT_MAX_BYTES },
} as const;

/** A stored file's name: letters, digits, `-` and `_`, with at most one extension. Never a path. */
const SAFE_NAME = /^[A-Za-z0-9_-]+(\.[A-Za-z0-9]+)?$/;

/**
 * Files kept under one folder of DATA_DIR, outside the web root (attachments, documents). Each is named by its
 * owner (a random or record id), never by what the client sent, and that name is checked before it touches a path.
 */
export interface FileStore {
  /** The largest file the store keeps; an upload is cut at this size while it streams. */
  readonly maxBytes: number;
  /** Reads a request's multipart field "file" to a temporary file on the store's file system, within `maxBytes`. */
  upload(options: { fields: number }): UploadReader;
  /** Keeps a file as `name`, replacing any: an upload is moved (a rename: a reader never sees half a file), bytes are written. */
  put(name: string, content: UploadedFile | Buffer): Promise<void>;
  /** The file's bytes as a stream. */
  get(name: string): Readable;
  /** Removes the file; a missing one is no error. */
  delete(name: string): Promise<void>;
}

export function createFileStore(dataDir: string, options: { folder: string; maxBytes: number }): FileStore {
  const folder = path.join(dataDir, options.folder);
  const temporary = uploadsDir(dataDir);
  const fileOf = (name: string) => {
    if (!SAFE_NAME.test(name)) throw new Error(`Unsafe stored file name: ${JSON.stringify(name)}`);
    return path.join(folder, name);
  };

  return {
    maxBytes: options.maxBytes,
    upload: ({ fields }) => diskUpload(temporary, { maxBytes: options.maxBytes, fields }),
    async put(name, content) {
      const target = fileOf(name);
      const size = Buffer.isBuffer(content) ? content.length : content.size;
      if (size > options.maxBytes) throw new AppError('UPLOAD_TOO_BIG', 'The file is too big');
      await mkdir(folder, { recursive: true, mode: 0o700 });
      if (Buffer.isBuffer(content)) {
        await mkdir(temporary, { recursive: true, mode: 0o700 });
        const written = path.join(temporary, randomUUID());
        await writeFile(written, content, { mode: 0o600 });
        await rename(written, target);
      } else {
        await chmod(content.path, 0o600);
        await rename(content.path, target);
      }
    },
    get: (name) => createReadStream(fileOf(name)),
    delete: (name) => rm(fileOf(name), { force: true }),
  };
}

/** Sends a stored file's stream as the response body; a read error (a missing file) still reaches the error handler. */
export function sendStream(res: Response, stream: Readable): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    stream.on('error', reject);
    stream.on('end', resolve);
    stream.pipe(res);
  });
}
