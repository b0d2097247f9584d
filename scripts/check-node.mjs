import { readFileSync } from 'node:fs';

// `npm start` and `npm test` stop here on a Node.js older than package.json's engines, before any dependency fails
// later with a message that does not name the cause. The range is written ">=MAJOR.MINOR".
const { engines } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const [needMajor, needMinor] = engines.node.replace('>=', '').split('.').map(Number);
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < needMajor || (major === needMajor && minor < needMinor)) {
  console.error(
    `Aerogate needs Node.js ${engines.node}; this is Node.js ${process.versions.node}. Install a newer Node.js and run the command again.`,
  );
  process.exit(1);
}
