import {
  BrokenCircuitError,
  CircuitState,
  ConsecutiveBreaker,
  ExponentialBackoff,
  TaskCancelledError,
  TimeoutStrategy,
  circuitBreaker,
  handleWhen,
  retry,
  timeout,
  wrap,
} from 'cockatiel';
import type { Logger } from './logger';

/** The outside services called through a policy (docs/operations.md "Outside calls"). */
export type Integration = 'authority' | 'sms' | 'push' | 'taf' | 'terrain';

export type BreakerState = 'closed' | 'open' | 'half-open';

/** How a call through a policy ended: answered, failed (after its retries), or refused at once by an open breaker. */
export type CallOutcome = 'success' | 'failure' | 'circuit_open';

export interface CallPolicySettings {
  /** Tries of one call, the first included. */
  attempts: number;
  /** The first wait before a retry; each next one doubles (with jitter). */
  backoffMs: number;
  /** The bound of each try, its answer's body included. */
  timeoutMs: number;
  /** Consecutive failed tries that open the breaker. */
  breakAfter: number;
  /** How long an open breaker refuses calls before it lets one try through (half-open). */
  halfOpenAfterMs: number;
}

/**
 * Per integration. Retries only where a repeated call is harmless: the authority's calls carry an Idempotency-Key, a
 * TAF or a terrain tile is a read. An SMS or a push message has no such key, so a timed-out one is not sent twice.
 */
export const CALL_POLICIES: Record<Integration, CallPolicySettings> = {
  authority: { attempts: 3, backoffMs: 500, timeoutMs: 10_000, breakAfter: 5, halfOpenAfterMs: 30_000 },
  sms: { attempts: 1, backoffMs: 0, timeoutMs: 10_000, breakAfter: 5, halfOpenAfterMs: 30_000 },
  push: { attempts: 1, backoffMs: 0, timeoutMs: 10_000, breakAfter: 5, halfOpenAfterMs: 30_000 },
  taf: { attempts: 2, backoffMs: 300, timeoutMs: 10_000, breakAfter: 5, halfOpenAfterMs: 30_000 },
  terrain: { attempts: 2, backoffMs: 300, timeoutMs: 10_000, breakAfter: 10, halfOpenAfterMs: 30_000 },
};

/**
 * A failed call that says whether trying again may help: an answer 5xx or 429 may, a 4xx will not (and, the service
 * being up, it does not count towards opening the breaker). Any other error (refused connection, reset, time-out)
 * is transient.
 */
export class CallFailure extends Error {
  constructor(
    message: string,
    readonly transient: boolean,
    /** The HTTP status the service answered, if it answered. */
    readonly status?: number,
  ) {
    super(message);
    this.name = 'CallFailure';
  }
}

/** A failure for an HTTP status that is not 2xx. */
export const statusFailure = (service: string, status: number) =>
  new CallFailure(`${service} answered ${status}`, status >= 500 || status === 429, status);

const isTransient = (error: Error) => !(error instanceof BrokenCircuitError) && !(error instanceof CallFailure && !error.transient);

/** True when the call was not made: the integration's breaker is open. */
export const isCircuitOpen = (error: unknown) => error instanceof BrokenCircuitError;

/** Why a call failed, for the outbox and the logs. */
export function failureReason(error: unknown): string {
  if (error instanceof BrokenCircuitError) return 'Not called: the service failed repeatedly, calls are paused';
  if (error instanceof TaskCancelledError) return 'No answer in time';
  return error instanceof Error ? error.message : String(error);
}

export interface CallPolicy {
  readonly integration: Integration;
  /** The bound of each try, for a client that cannot take the abort signal. */
  readonly timeoutMs: number;
  state(): BreakerState;
  /**
   * Runs `call` with a time-out per try (its signal aborts the try; read the answer inside `call`), retries transient
   * failures, and throws at once while the breaker is open (`isCircuitOpen`). Each call's outcome is reported once.
   */
  execute<T>(call: (signal: AbortSignal) => Promise<T>): Promise<T>;
}

const STATES: Record<CircuitState, BreakerState> = {
  [CircuitState.Closed]: 'closed',
  [CircuitState.Open]: 'open',
  [CircuitState.HalfOpen]: 'half-open',
  [CircuitState.Isolated]: 'open',
};

/** One integration's policy on cockatiel: retry ∘ circuit breaker ∘ time-out (each try bounded, each counted). */
export function createCallPolicy(
  integration: Integration,
  options: { settings?: CallPolicySettings; logger: Logger; onCall?: (outcome: CallOutcome) => void },
): CallPolicy {
  const settings = options.settings ?? CALL_POLICIES[integration];
  const handled = handleWhen(isTransient);
  const breaker = circuitBreaker(handled, {
    halfOpenAfter: settings.halfOpenAfterMs,
    breaker: new ConsecutiveBreaker(settings.breakAfter),
  });
  breaker.onBreak(() => options.logger.warn({ integration }, `${integration}: circuit opened, calls paused`));
  breaker.onReset(() => options.logger.info({ integration }, `${integration}: circuit closed, calls resumed`));
  const policy = wrap(
    retry(handled, {
      maxAttempts: settings.attempts - 1,
      backoff: new ExponentialBackoff({ initialDelay: settings.backoffMs, maxDelay: settings.backoffMs * 8 }),
    }),
    breaker,
    timeout(settings.timeoutMs, TimeoutStrategy.Aggressive),
  );
  return {
    integration,
    timeoutMs: settings.timeoutMs,
    state: () => STATES[breaker.state],
    async execute(call) {
      try {
        const result = await policy.execute(({ signal }) => call(signal));
        options.onCall?.('success');
        return result;
      } catch (error) {
        options.onCall?.(isCircuitOpen(error) ? 'circuit_open' : 'failure');
        throw error;
      }
    },
  };
}
