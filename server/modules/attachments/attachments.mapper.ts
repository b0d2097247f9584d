import type { Attachment, AttachmentQueueItem } from '../../../src/shared/contracts/attachments';
import type { AttachmentQueueRow, AttachmentRow } from './attachments.repository';

export function toAttachment(row: AttachmentRow): Attachment {
  return {
    id: row.id,
    ownerId: row.ownerId,
    recordType: row.recordType,
    recordId: row.recordId,
    kind: row.kind,
    originalName: row.originalName,
    mime: row.mime,
    size: row.size,
    sha256: row.sha256,
    status: row.status,
    rejectionReason: row.rejectionReason,
    validatedAt: row.validatedAt?.toISOString() ?? null,
    validatedBy: row.validatedBy ? `${row.validatedBy.firstName} ${row.validatedBy.lastName}` : null,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toQueueItem(row: AttachmentQueueRow): AttachmentQueueItem {
  return {
    ...toAttachment(row),
    ownerName: row.owner ? `${row.owner.firstName} ${row.owner.lastName}` : null,
    ownerEmail: row.owner?.email ?? null,
    companyName: row.owner?.companyName ?? null,
  };
}
