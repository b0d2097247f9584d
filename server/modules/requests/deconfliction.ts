import type { MissionSnapshot, RequestConflict, Restriction } from '../../../src/shared/contracts/requests';
import { grantedVolume, volumeBox, volumeOverlap } from '../../../src/shared/domain/deconfliction';
import { ACCEPTED_STATUSES, UNDER_ANALYSIS_STATUSES } from '../../../src/shared/domain/request-status';
import type { RequestsRepository } from './requests.repository';

/** A manager reads at most this many conflicts on a request; the operator the same. */
export const CONFLICTS_SHOWN = 50;

export interface ConflictSubject {
  airspaceId: string;
  missionId: string;
  missionSnapshot: MissionSnapshot;
  restrictions: readonly Restriction[];
}

/**
 * The airspace's other accepted or pending requests whose 4D volumes meet the subject's (docs/airspace-manager.md
 * "Strategic deconfliction"): the GiST index over the filed volumes gives the candidates (a filed volume holds its
 * granted one, so none is missed), their granted volumes are then intersected exactly.
 */
export function createDeconfliction(repository: Pick<RequestsRepository, 'volumeCandidates'>) {
  return async function conflictsOf(subject: ConflictSubject, withTitles: boolean): Promise<RequestConflict[]> {
    const volume = grantedVolume(subject.missionSnapshot, subject.restrictions);
    if (!(volume.startAt < volume.endAt)) return [];
    const candidates = await repository.volumeCandidates(
      { airspaceId: subject.airspaceId, missionId: subject.missionId, box: volumeBox(volume) },
      volume,
      [...ACCEPTED_STATUSES, ...UNDER_ANALYSIS_STATUSES],
    );
    const conflicts: RequestConflict[] = [];
    for (const candidate of candidates) {
      const overlap = volumeOverlap(volume, grantedVolume(candidate.missionSnapshot, candidate.restrictions));
      if (!overlap) continue;
      conflicts.push({
        requestId: candidate.id,
        referenceNumber: candidate.referenceNumber,
        missionTitle: withTitles ? candidate.missionSnapshot.title : null,
        status: candidate.status,
        overlap: {
          areas: overlap.areas,
          minHeightM: overlap.minHeightM,
          maxHeightM: overlap.maxHeightM,
          startAt: new Date(overlap.startAt).toISOString(),
          endAt: new Date(overlap.endAt).toISOString(),
        },
      });
      if (conflicts.length === CONFLICTS_SHOWN) break;
    }
    return conflicts;
  };
}
