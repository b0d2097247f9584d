import { pgliteTemplateDump } from '../tests/setup/pglite-template';

// The integration tests' migrated embedded database (tests/setup/pglite-template.ts), made ahead: `npm test` runs it
// beside the unit and DOM tests, so that the integration project finds it made instead of waiting for it.
console.log(await pgliteTemplateDump());
