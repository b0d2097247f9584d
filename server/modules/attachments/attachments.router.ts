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
import { ApiRouter } from '../../lib/api-router';
import { sendStream, type FileStore } from '../../lib/file-store';
import { readUploadWith } from '../../lib/uploads';
import type { ApiRegistry } from '../../openapi';
import type { AttachmentsService } from './attachments.service';

/** RFC 6266 file name: an ASCII fallback and the UTF-8 original. */
function contentDisposition(kind: 'inline' | 'attachment', name: string) {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

export function attachmentsRouter(registry: ApiRegistry, service: AttachmentsService, files: Pick<FileStore, 'upload'>) {
  // One file per request; the count per record is the service's (ATTACHMENTS_PER_RECORD_MAX).
  const readUpload = readUploadWith(files.upload({ fields: 5 }));
  return new ApiRouter(registry, '/api/attachments', 'attachments')
    .route({
      method: 'post',
      path: '/',
      summary:
        'Upload one file (multipart field "file", with recordType, recordId and kind). Type checked by content (pdf, png, jpeg per kind), ' +
        'size and per-record count limited; a refused file stores nothing. Rights depend on the record (docs/registry.md)',
      access: 'signedIn',
      bodyContentType: 'multipart/form-data',
      before: [readUpload],
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
        const { attachment, stream } = await service.content(user, params.id);
        res.setHeader('Content-Type', attachment.mime);
        res.setHeader('Content-Length', String(attachment.size));
        res.setHeader('Content-Disposition', contentDisposition(query.download ? 'attachment' : 'inline', attachment.originalName));
        res.setHeader('X-Content-Type-Options', 'nosniff');
        res.setHeader('Cache-Control', 'private, no-store');
        await sendStream(res.status(200), stream);
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
