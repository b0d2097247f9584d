import { register } from 'node:module';
import type { IncomingMessage } from 'node:http';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { ExpressInstrumentation } from '@opentelemetry/instrumentation-express';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { IORedisInstrumentation } from '@opentelemetry/instrumentation-ioredis';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { PinoInstrumentation } from '@opentelemetry/instrumentation-pino';
import { NodeSDK } from '@opentelemetry/sdk-node';

/** The span attribute naming the request's id, the one of its `x-request-id` and its log lines (`reqId`). */
export const REQUEST_ID_ATTRIBUTE = 'aerogate.request_id';

/**
 * OpenTelemetry tracing, started by server/index.ts only when OTEL_EXPORTER_OTLP_ENDPOINT is set and before the app's
 * modules are imported (otherwise this module is never loaded). Spans of HTTP (in and out), Express, pg and ioredis go
 * to the OTLP/HTTP endpoint, configured by the standard OTEL_* variables (OTEL_SERVICE_NAME, OTEL_TRACES_SAMPLER…).
 * Each request's server span carries its request id; each log line written inside a span carries `trace_id` and
 * `span_id`. Returns the SDK's shutdown, which sends the spans still buffered.
 */
export function startTracing(): () => Promise<void> {
  // The app is ES modules: express, pg and ioredis imported from them are patched through this loader hook.
  register('@opentelemetry/instrumentation/hook.mjs', import.meta.url);
  const sdk = new NodeSDK({
    serviceName: process.env.OTEL_SERVICE_NAME ?? 'aerogate',
    traceExporter: new OTLPTraceExporter(),
    instrumentations: [
      new HttpInstrumentation({
        // The request id is set by the app's first middleware (server/middleware/request-log.ts), read when it answers.
        applyCustomAttributesOnSpan: (span, request) => {
          const id = (request as IncomingMessage).id as string | undefined;
          if (typeof id === 'string') span.setAttribute(REQUEST_ID_ATTRIBUTE, id);
        },
      }),
      new ExpressInstrumentation(),
      new PgInstrumentation(),
      new IORedisInstrumentation(),
      new PinoInstrumentation({ disableLogSending: true }),
    ],
  });
  sdk.start();
  return () => sdk.shutdown();
}
