import type { LiveViolation } from '../../../src/shared/contracts/traffic';
import type { AppContext } from '../../context';
import type { RecordOwners } from '../users/record-owner';
import type { PositionListener, ViolationPublisher } from './positions';
import { createTrafficIngest } from './traffic.ingest';
import { createLiveHub } from './traffic.live';
import { createTrafficRepository } from './traffic.repository';
import { createLiveScopes } from './traffic.scope';

export interface TrafficModuleDeps {
  owners: RecordOwners;
  /** Run after the bus with every stored batch (the conformance checker). */
  listeners?: readonly PositionListener[];
  /** The open violation episodes for the live map's snapshot; by default the ones this instance saw on the bus. */
  listOpenViolations?: () => Promise<LiveViolation[]>;
}

/** Traffic in and out, wired on the context's bus; `publishViolation` is what the conformance checker publishes with. */
export function createTrafficModule(ctx: AppContext, deps: TrafficModuleDeps) {
  const repository = createTrafficRepository(ctx.pool);
  const publishPositions: PositionListener = (positions) =>
    positions.length > 0 ? ctx.trafficBus.publishPositions(positions) : Promise.resolve();
  const ingest = createTrafficIngest({
    repository,
    changes: ctx.changes,
    clock: ctx.clock,
    logger: ctx.logger,
    listeners: [publishPositions, ...(deps.listeners ?? [])],
  });
  const live = createLiveHub({
    bus: ctx.trafficBus,
    repository,
    scopes: createLiveScopes({ prisma: ctx.prisma, owners: deps.owners }),
    clock: ctx.clock,
    logger: ctx.logger,
    staleSeconds: ctx.config.trafficStaleSeconds,
    listOpenViolations: deps.listOpenViolations,
  });
  ctx.closers.add(async () => live.close());
  const publishViolation: ViolationPublisher = (violation) => live.publishViolation(violation);
  return { ingest, live, publishViolation };
}
