import type { FlightConformance } from '../../../src/shared/contracts/conformance';
import type { LiveViolation } from '../../../src/shared/contracts/traffic';
import type { Clock } from '../../lib/clock';
import type { Closers } from '../../lib/closers';
import type { Logger } from '../../lib/logger';
import type { TableChanges } from '../../lib/table-changes';
import type { PositionListener, ViolationPublisher } from './positions';
import type { TrafficBus } from './traffic.bus';
import { createTrafficIngest } from './traffic.ingest';
import { createLiveHub } from './traffic.live';
import type { TrafficRepository } from './traffic.repository';
import type { LiveScopes } from './traffic.scope';

export interface TrafficModuleDeps {
  repository: TrafficRepository;
  /** What each live-map client may see. */
  scopes: LiveScopes;
  /** The token version each account accepts now: a live stream ends with its session. */
  acceptedVersions(userIds: readonly string[]): Promise<Map<string, number | null>>;
  bus: TrafficBus;
  changes: TableChanges;
  clock: Clock;
  logger: Logger;
  staleSeconds: number;
  /** Where the live hub is closed at shutdown. */
  closers: Closers;
  /** Run after the bus with every stored batch (the conformance checker). */
  listeners?: readonly PositionListener[];
  /** The open violation episodes for the live map's snapshot; by default the ones this instance saw on the bus. */
  listOpenViolations?: () => Promise<LiveViolation[]>;
  /** The flight conformance of a traffic, answered to the pilot's own position post. */
  conformanceOf?: (source: string, ident: string) => FlightConformance | null;
}

/** Traffic in and out, wired on the bus; `publishViolation` is what the conformance checker publishes with. */
export function createTrafficModule(deps: TrafficModuleDeps) {
  const { repository, bus, clock, logger } = deps;
  // Fire-and-forget: the ingest never waits for the bus (Redis away or slow).
  const publishPositions: PositionListener = async (positions) => {
    if (positions.length > 0) bus.publishPositions(positions);
  };
  const ingest = createTrafficIngest({
    repository,
    changes: deps.changes,
    clock,
    logger,
    listeners: [publishPositions, ...(deps.listeners ?? [])],
    conformanceOf: deps.conformanceOf,
  });
  const live = createLiveHub({
    bus,
    repository,
    scopes: deps.scopes,
    changes: deps.changes,
    acceptedVersions: deps.acceptedVersions,
    clock,
    logger,
    staleSeconds: deps.staleSeconds,
    listOpenViolations: deps.listOpenViolations,
  });
  deps.closers.add(async () => live.close());
  const publishViolation: ViolationPublisher = (violation) => live.publishViolation(violation);
  const publishConformance = (state: FlightConformance) => live.publishConformance(state);
  return { ingest, live, publishViolation, publishConformance };
}
