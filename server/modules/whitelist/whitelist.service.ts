import type { WhitelistListQuery, WhitelistMachine } from '../../../src/shared/contracts/whitelist';
import { AppError } from '../../lib/app-error';
import type { AuthUser } from '../../lib/auth-token';
import type { AuditRepository } from '../audit/audit.repository';
import type { WhitelistMachineRow, WhitelistRepository } from './whitelist.repository';

/**
 * The whitelist: machines of any operator that the administrators trust, so that their detections are not
 * violations. Kept in its own table (machine id → note) so the machines module stays the operators' register.
 */
export function createWhitelistService({ repository, audit }: { repository: WhitelistRepository; audit: AuditRepository }) {
  async function findMachine(machineId: string) {
    if (!(await repository.machineExists(machineId))) throw new AppError('NOT_FOUND', 'Unknown machine');
  }

  return {
    async list(query: WhitelistListQuery) {
      const listed = await repository.entries();
      const byMachine = new Map(listed.map((entry) => [entry.machineId, entry]));
      const ids = [...byMachine.keys()];
      const { rows, total } = await repository.machines(query, ids);
      const toItem = (row: WhitelistMachineRow): WhitelistMachine => {
        const entry = byMachine.get(row.id);
        return {
          machineId: row.id,
          internalName: row.internalName,
          serialNumber: row.serialNumber,
          remoteIdentificationNumber: row.remoteIdentificationNumber,
          droneModel: row.droneModel ? `${row.droneModel.brand} ${row.droneModel.name}` : null,
          owner: row.owner,
          whitelisted: !!entry,
          note: entry?.note ?? null,
          whitelistedAt: entry?.createdAt.toISOString() ?? null,
        };
      };
      return { items: rows.map(toItem), total, page: query.page, pageSize: query.pageSize };
    },
    async add(actor: AuthUser, machineId: string, note: string | null) {
      await findMachine(machineId);
      await repository.add(machineId, note, actor.id);
      await audit.record({ actorId: actor.id, action: 'whitelist.added', subjectType: 'machine', subjectId: machineId });
    },
    async remove(actor: AuthUser, machineId: string) {
      if (!(await repository.remove(machineId))) throw new AppError('NOT_FOUND', 'The machine is not whitelisted');
      await audit.record({ actorId: actor.id, action: 'whitelist.removed', subjectType: 'machine', subjectId: machineId });
    },
  };
}

export type WhitelistService = ReturnType<typeof createWhitelistService>;
