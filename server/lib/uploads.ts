import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, mkdirSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Request, RequestHandler, Response } from 'express';
import multer from 'multer';
import { isCleanText } from '../../src/shared/contracts/common';
import { AppError } from './app-error';

/** A file received by an upload: streamed to a temporary file, removed once the response is sent unless moved. */
export interface UploadedFile {
  originalname: string;
  mimetype: string;
  size: number;
  /** The temporary file; a service that keeps the upload renames it into its own folder. */
  path: string;
}

/** Where uploads are streamed while they are read: on the file system of DATA_DIR, so keeping one is a rename. */
export function uploadsDir(dataDir: string): string {
  return path.join(dataDir, 'uploads');
}

export type UploadReader = (req: Request, res: Response, callback: (error?: unknown) => void) => void;

/**
 * Reads the multipart field "file" straight to a temporary file of `dir` (never the whole body in memory). The size
 * limit is enforced while the bytes stream: busboy stops at `maxBytes` and multer removes what was written. The file
 * is removed when the response ends, whatever happened to the request.
 */
export function diskUpload(dir: string, limits: { maxBytes: number; fields: number }): UploadReader {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const upload = multer({
    storage: multer.diskStorage({ destination: dir, filename: (_req, _file, callback) => callback(null, randomUUID()) }),
    limits: { fileSize: limits.maxBytes, files: 1, fields: limits.fields },
  }).single('file');
  return (req, res, callback) => {
    res.once('close', () => {
      if (req.file?.path) void rm(req.file.path, { force: true });
    });
    upload(req, res, callback);
  };
}

/**
 * Browsers send the file name as raw UTF-8, which busboy (through multer, which does not pass its charset option)
 * reads as latin1. A name that is not valid UTF-8 once re-read stays as it came.
 */
function utf8Name(name: string): string {
  if ([...name].some((char) => char.charCodeAt(0) > 0xff)) return name;
  const bytes = Buffer.from(name, 'latin1');
  const decoded = bytes.toString('utf8');
  return Buffer.from(decoded, 'utf8').equals(bytes) ? decoded : name;
}

/** A file name is stored and sent back in headers: no NUL, no lone surrogate, at most 255 characters. */
function uncleanFileName(file: { originalname: string } | undefined): AppError | undefined {
  if (!file || (isCleanText(file.originalname) && file.originalname.length <= 255)) return undefined;
  return new AppError('VALIDATION_FAILED', 'The file name cannot be stored', { fields: { file: ['validation:invalidCharacters'] } });
}

const TOO_MANY = new Set(['LIMIT_FILE_COUNT', 'LIMIT_UNEXPECTED_FILE']);

/**
 * The middleware that runs an upload reader: the size limit is enforced while the upload streams, and what multer
 * or busboy refuse (too big, more than one file, a multipart body it cannot read) becomes the client's error.
 */
export const readUploadWith =
  (upload: UploadReader): RequestHandler =>
  (req, res, next) => {
    upload(req, res, (error: unknown) => {
      if (error instanceof multer.MulterError) {
        if (error.code === 'LIMIT_FILE_SIZE') next(new AppError('UPLOAD_TOO_BIG', 'The file is too big'));
        else if (TOO_MANY.has(error.code)) next(new AppError('UPLOAD_TOO_MANY_FILES', 'Send one file per request, in the field "file"'));
        else next(new AppError('BAD_REQUEST', `Upload refused: ${error.message}`));
      } else if (error) {
        next(new AppError('BAD_REQUEST', `Upload refused: ${error instanceof Error ? error.message : String(error)}`));
      } else {
        if (req.file) req.file.originalname = utf8Name(req.file.originalname);
        next(uncleanFileName(req.file));
      }
    });
  };

/** The SHA-256 of a file, read as a stream. */
export async function sha256OfFile(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
}
