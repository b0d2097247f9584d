import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config/env';
import { AppError } from '../lib/app-error';
import { systemClock } from '../lib/clock';
import { openDatabaseSession } from '../lib/database-session';
import { createZonesRepository } from '../zones/zones.repository';
import { createZonesService } from '../zones/zones.service';

// npm run zones:import -- FILE [--dataset NAME]: the same import as POST /api/zones/import, on the configured database.
const usage = 'Usage: npm run zones:import -- FILE [--dataset NAME]';

const { values, positionals } = parseArgs({
  options: { dataset: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  allowPositionals: true,
});
const file = positionals[0];
if (values.help || !file || positionals.length > 1) {
  console.error(usage);
  process.exit(values.help ? 0 : 2);
}

const text = await readFile(path.resolve(file), 'utf8');
const database = await openDatabaseSession(loadConfig());
try {
  const service = createZonesService({ repository: createZonesRepository(database.prisma), clock: systemClock });
  const result = await service.importFile(text, { dataset: values.dataset, fileName: file });
  console.log(`${result.dataset} (${result.format}): ${result.imported} zones imported, ${result.skipped} skipped`);
  for (const error of result.errors) {
    console.log(
      `  zone #${error.index}${error.identifier ? ` ${error.identifier}` : ''}: ${error.reason}${error.detail ? ` (${error.detail})` : ''}`,
    );
  }
  console.log('Running servers pick the new zones up at their next query (docs/geozones.md).');
} catch (error) {
  if (!(error instanceof AppError)) throw error;
  console.error(`${error.code}: ${error.message}`);
  const fields = error.details?.fields as Record<string, string[]> | undefined;
  for (const [field, reasons] of Object.entries(fields ?? {})) console.error(`  ${field}: ${reasons.join(', ')}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
