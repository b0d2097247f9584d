import type { FlightConformance } from '../../src/shared/contracts/conformance';
import type { AppContext } from '../context';
import type { ViolationPublisher } from '../modules/traffic/positions';
import { createViolationNotifier } from '../modules/conformance/conformance.notifier';
import type { ConformanceRepository } from '../modules/conformance/conformance.repository';
import { createEpisodeWriter } from '../modules/conformance/episode-writer';
import { createFlightConformance } from '../modules/conformance/flight.checker';
import { createFlightMissionsLoader } from '../modules/conformance/flight.loader';
import type { EventPublisher } from '../modules/webhooks/webhooks.service';

/** The flight conformance check wired from its parts: loader, state machine and rules, writer, notifier. */
export function buildFlightConformance(
  ctx: Pick<AppContext, 'changes' | 'clock' | 'logger' | 'mailer' | 'sms' | 'push' | 'config' | 'metrics'>,
  repository: ConformanceRepository,
  publish: { publishViolation: ViolationPublisher; publishConformance: (state: FlightConformance) => void },
  events: EventPublisher,
) {
  const { clock, logger, config } = ctx;
  return createFlightConformance({
    missions: createFlightMissionsLoader({ repository, changes: ctx.changes, clock }),
    openEpisodes: () => repository.openFlightEpisodes(),
    write: createEpisodeWriter((creates, updates) => repository.writeEpisodes(creates, updates)),
    notifier: createViolationNotifier({
      repository,
      mailer: ctx.mailer,
      sms: ctx.sms,
      push: ctx.push,
      logger,
      publicUrl: config.publicUrl,
    }),
    ...publish,
    clock,
    changes: ctx.changes,
    logger,
    silenceMs: config.violationSilenceMs,
    margins: config.flightWarning,
    events,
    opened: (count) => ctx.metrics.episodesOpened(count),
  });
}
