import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, mkdirSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Request, Response } from 'express';
import multer from 'multer';

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

/** The SHA-256 of a file, read as a stream. */
export async function sha256OfFile(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
}
