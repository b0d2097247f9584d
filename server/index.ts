// Tracing starts before the app's modules load, so that its hooks patch express, pg and ioredis as they load. Without
// OTEL_EXPORTER_OTLP_ENDPOINT its module is never imported: no cost (docs/operations.md "Tracing").
async function start() {
  const stopTracing = process.env.OTEL_EXPORTER_OTLP_ENDPOINT ? (await import('./lib/tracing')).startTracing() : undefined;
  const { main, exitOnStartFailure } = await import('./main');
  await main({ onStop: stopTracing }).catch(exitOnStartFailure);
}

start().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
