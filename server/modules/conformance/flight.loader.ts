import type { Clock } from '../../lib/clock';
import type { TableChanges } from '../../lib/table-changes';
import type { ConformanceRepository } from './conformance.repository';
import { CONFORMANCE_TABLES } from './conformance.repository';
import type { MissionEnvelope } from './conformance.rules';

/** When no connection listens for changes (database restarting), the missions are reloaded this often. */
const UNHEARD_RELOAD_MS = 5_000;

/**
 * What the flight conformance check compares against: the flying missions with what they were granted, loaded once
 * and reloaded when one of CONFORMANCE_TABLES changes (a take-off, a landing, a decision, an activation). A reload
 * is shared by every caller waiting for it.
 */
export function createFlightMissionsLoader(deps: {
  repository: Pick<ConformanceRepository, 'flyingMissions'>;
  changes: TableChanges;
  clock: Clock;
}) {
  let missions: ReadonlyMap<string, MissionEnvelope> | null = null;
  let loading: Promise<ReadonlyMap<string, MissionEnvelope>> | null = null;
  let stale = true;
  let loadedAt = 0;
  deps.changes.subscribe((table) => {
    if (table === null || CONFORMANCE_TABLES.has(table)) stale = true;
  });
  return function current(): Promise<ReadonlyMap<string, MissionEnvelope>> {
    if (loading) return loading;
    const unheard = !deps.changes.listening() && deps.clock.now().getTime() - loadedAt > UNHEARD_RELOAD_MS;
    if (missions && !stale && !unheard) return Promise.resolve(missions);
    stale = false;
    loading = deps.repository
      .flyingMissions()
      .then((loaded) => {
        missions = loaded;
        loadedAt = deps.clock.now().getTime();
        return loaded;
      })
      .catch((error: unknown) => {
        stale = true;
        throw error;
      })
      .finally(() => {
        loading = null;
      });
    return loading;
  };
}
