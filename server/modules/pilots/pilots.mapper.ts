import type { PilotDetail, PilotSummary } from '../../../src/shared/contracts/pilots';
import type { PilotRow, PilotWithDocuments } from './pilots.repository';

const day = (value: Date | null) => (value ? value.toISOString().slice(0, 10) : null);

export function toPilotSummary(row: PilotRow): PilotSummary {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phone: row.phone,
    supervisionLevel: row.supervisionLevel,
    supervised: row.supervisedUserId !== null,
    deletedAt: row.deletedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toPilotDetail(row: PilotWithDocuments): PilotDetail {
  return {
    ...toPilotSummary(row),
    ownerId: row.userId,
    birthDate: day(row.birthDate),
    rights: row.rights,
    documents: row.documents.map((d) => ({
      id: d.id,
      skillType: d.skillType,
      reference: d.reference,
      validFrom: day(d.validFrom),
      validUntil: day(d.validUntil),
      attachmentId: d.attachmentId,
    })),
    supervisedUserId: row.supervisedUserId,
    updatedAt: row.updatedAt.toISOString(),
  };
}
