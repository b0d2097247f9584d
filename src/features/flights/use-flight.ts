import { useState } from 'react';
import { apiClient } from '@/lib/api-client';
import { useSession, type Session } from '@/lib/session';
import type { MissionDetail } from '@/shared/contracts/missions';
import type { MissionStatus } from '@/shared/domain/mission-status';
import { forgetTakeoff, startTakeoff, stopTakeoff } from './takeoff-store';

/** The operator (owner) or a pilot of the mission flies it (issue 10); the server enforces the same rule. */
export function canFly(mission: Pick<MissionDetail, 'ownerId' | 'referentPilot' | 'additionalPilots'>, session: Session | null): boolean {
  if (!session) return false;
  if (session.userId && session.userId === mission.ownerId) return true;
  const pilotId = session.supervision;
  return !!pilotId && (mission.referentPilot?.id === pilotId || mission.additionalPilots.some((pilot) => pilot.id === pilotId));
}

export type FlightStep = 'takeOff' | 'land' | 'requestEnd';

/** Reads the mission again from the server (its queries invalidated); null when it cannot be read. */
export type RefreshMission = () => Promise<{ status: MissionStatus } | null>;

/** The status machine's request of end (the mission action endpoint); its failure is shown by the API client. */
async function requestEnd(missionId: string): Promise<void> {
  await apiClient.post(`preflights/${encodeURIComponent(missionId)}/actions/requestEnd`, {});
}

/**
 * Take-off, landing and request of end for one mission. Take-off and landing follow spec §7 (results and failures
 * ignored, no toast), then the mission is read again so the screen shows what the server decided; a take-off the
 * server did not record (outside the slot, for instance) is dropped locally and reported inline (`notFlying`).
 */
export function useFlight(missionId: string, refresh: RefreshMission) {
  const session = useSession();
  const [pending, setPending] = useState<FlightStep | null>(null);
  const [notFlying, setNotFlying] = useState(false);

  /** `reason`: why the take-off goes past the go/no-go check's warnings. */
  const run = async (step: FlightStep, reason?: string) => {
    setPending(step);
    setNotFlying(false);
    try {
      if (step === 'takeOff') {
        await startTakeoff(missionId, reason);
        const fresh = await refresh();
        if (fresh && fresh.status !== 'onGoing') {
          forgetTakeoff(missionId);
          setNotFlying(true);
        }
      } else if (step === 'land') {
        await stopTakeoff(missionId);
        await refresh();
      } else {
        await requestEnd(missionId).then(
          () => forgetTakeoff(missionId),
          () => undefined,
        );
        await refresh();
      }
    } finally {
      setPending(null);
    }
  };

  return { run, pending, notFlying, session };
}
