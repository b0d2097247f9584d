import { isCleanText } from '../../../src/shared/contracts/common';
import type { RequestHandler } from 'express';
import multer from 'multer';
import { z } from 'zod';
import {
  attachmentQueueItemSchema,
  attachmentQueueQuerySchema,
  attachmentRejectSchema,
  attachmentSchema,
  attachmentUploadSchema,
  recordAttachmentsQuerySchema,
} from '../../../src/shared/contracts/attachments';
import { idParamsSchema, pageOf, queryFlag } from '../../../src/shared/contracts/common';
import { ATTACHMENT_MAX_BYTES } from '../../../src/shared/domain/limits';
import { ApiRouter } from '../../lib/api-router';
import { AppError } from '../../lib/app-error';
import { diskUpload, type UploadReader } from '../../lib/uploads';
import type { ApiRegistry } from '../../openapi';
import type { AttachmentsService } from './attachments.service';

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
export function uncleanFileName(file: { originalname: string } | undefined): AppError | undefined {
  if (!file || (isCleanText(file.originalname) && file.originalname.length <= 255)) return undefined;
  return new AppError('VALIDATION_FAILED', 'The file name cannot be stored', { fields: { file: ['validation:invalidCharacters'] } });
}

/** What busboy throws on a multipart body it cannot read (a NUL in a part header, a cut boundary) is the client's. */
export function malformedUpload(error: unknown): AppError {
  return new AppError('BAD_REQUEST', `Upload refused: ${error instanceof Error ? error.message : String(error)}`);
}

const TOO_MANY = new Set(['LIMIT_FILE_COUNT', 'LIMIT_UNEXPECTED_FILE']);

/** Streams the upload to a temporary file, its size limit enforced while it streams (server/lib/uploads.ts). */
export const readUploadWith =
  (upload: UploadReader): RequestHandler =>
  (req, res, next) => {
    upload(req, res, (error: unknown) => {
      if (error instanceof multer.MulterError) {
        if (error.code === 'LIMIT_FILE_SIZE') next(new AppError('UPLOAD_TOO_BIG', 'The file is too big'));
        else if (TOO_MANY.has(error.code)) next(new AppError('UPLOAD_TOO_MANY_FILES', 'Send one file per request, in the field "file"'));
        else next(new AppError('BAD_REQUEST', `Upload refused: ${error.message}`));
      } else {
        if (req.file) req.file.originalname = utf8Name(req.file.originalname);
        next(error ? malformedUpload(error) : uncleanFileName(req.file));
      }
    });
  };

// ApiRouter checks access after the `before` middleware: an anonymous caller must not make the server read 10 MB.
const signedInBeforeReading: RequestHandler = (req, _res, next) => {
  next(req.auth ? undefined : new AppError('UNAUTHENTICATED', 'Authentication required'));
};

/** RFC 6266 file name: an ASCII fallback and the UTF-8 original. */
function contentDisposition(kind: 'inline' | 'attachment', name: string) {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

export function attachmentsRouter(registry: ApiRegistry, service: AttachmentsService, uploadDir: string) {
  // One file per request; the count per record is the service's (ATTACHMENTS_PER_RECORD_MAX).
  const readUpload = readUploadWith(diskUpload(uploadDir, { maxBytes: ATTACHMENT_MAX_BYTES, fields: 5 }));
  return new ApiRouter(registry, '/api/attachments', 'attachments')
    .route({
      method: 'post',
      path: '/',
      summary:
        'Upload one file (multipart field "file", with recordType, recordId and kind). Type checked by content (pdf, png, jpeg per kind), ' +
        'size and per-record count limited; a refused file stores nothing. Rights depend on the record (docs/registry.md)',
      access: 'signedIn',
      bodyContentType: 'multipart/form-data',
      before: [signedInBeforeReading, readUpload],
      body: attachmentUploadSchema,
      response: attachmentSchema,
      handler: ({ user, body, req }) => service.upload(user, body, req.file),
    })
    .route({
      method: 'get',
      path: '/',
      summary: "A record's attachments, for those who may read the record",
      access: 'signedIn',
      query: recordAttachmentsQuerySchema,
      response: z.array(attachmentSchema),
      handler: ({ user, query }) => service.forRecord(user, query.recordType, query.recordId),
    })
    .route({
      method: 'get',
      path: '/validation',
      summary: 'The validation queue: attachments by status (pending by default), with search, filters and sort',
      access: ['ATTACHEMENT_VALIDATE'],
      query: attachmentQueueQuerySchema,
      response: pageOf(attachmentQueueItemSchema),
      handler: ({ query }) => service.queue(query),
    })
    .route({
      method: 'get',
      path: '/:id',
      summary: "An attachment's metadata; another operator's attachment is not found",
      access: 'signedIn',
      params: idParamsSchema,
      response: attachmentSchema,
      handler: ({ user, params }) => service.get(user, params.id),
    })
    .route({
      method: 'get',
      path: '/:id/content',
      summary: 'The file itself, inline (download=true: as a download); never sniffed by the browser',
      access: 'signedIn',
      params: idParamsSchema,
      query: z.object({ download: queryFlag.default(false) }),
      handler: async ({ user, params, query, res }) => {
        const { attachment, bytes } = await service.content(user, params.id);
        res.setHeader('Content-Type', attachment.mime);
        res.setHeader('Content-Disposition', contentDisposition(query.download ? 'attachment' : 'inline', attachment.originalName));
        res.setHeader('X-Content-Type-Options', 'nosniff');
        res.setHeader('Cache-Control', 'private, no-store');
        res.status(200).send(bytes);
      },
    })
    .route({
      method: 'delete',
      path: '/:id',
      summary: 'Remove an attachment and its file',
      access: 'signedIn',
      params: idParamsSchema,
      status: 204,
      handler: ({ user, params }) => service.remove(user, params.id),
    })
    .route({
      method: 'post',
      path: '/:id/validate',
      summary: 'Validate a pending attachment',
      access: ['ATTACHEMENT_VALIDATE'],
      params: idParamsSchema,
      response: attachmentSchema,
      status: 200,
      handler: ({ user, params }) => service.decide(user, params.id, { status: 'validated' }),
    })
    .route({
      method: 'post',
      path: '/:id/reject',
      summary: 'Reject a pending attachment with a reason',
      access: ['ATTACHEMENT_VALIDATE'],
      params: idParamsSchema,
      body: attachmentRejectSchema,
      response: attachmentSchema,
      status: 200,
      handler: ({ user, params, body }) => service.decide(user, params.id, { status: 'rejected', reason: body.reason }),
    }).router;
}
