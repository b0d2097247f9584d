import path from 'node:path';
import ts from 'typescript';

// Import cycles in server/ and src/, type-only imports included: import-x/no-cycle skips those, and a cycle of types
// still ties the modules together (docs/architecture.md "Dependencies"). Dynamic import() is left out: lazy routes
// load on demand and do not tie module evaluation. Prints each cycle and exits 1 when there is one.
const root = process.cwd();
const parsed = ts.getParsedCommandLineOfConfigFile(
  path.join(root, 'tsconfig.json'),
  {},
  {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
      throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
    },
  },
);
if (!parsed) throw new Error('tsconfig.json could not be read');

const inScope = (file: string) => /^(server|src)\//.test(path.relative(root, file)) && !file.includes('/generated/');
const files = parsed.fileNames.filter(inScope);

const graph = new Map<string, string[]>();
for (const file of files) {
  const source = ts.createSourceFile(file, ts.sys.readFile(file) ?? '', ts.ScriptTarget.Latest);
  const imports: string[] = [];
  for (const statement of source.statements) {
    const specifier = (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) && statement.moduleSpecifier;
    if (!specifier || !ts.isStringLiteral(specifier)) continue;
    const resolved = ts.resolveModuleName(specifier.text, file, parsed.options, ts.sys).resolvedModule;
    if (resolved && !resolved.isExternalLibraryImport && inScope(resolved.resolvedFileName)) imports.push(resolved.resolvedFileName);
  }
  graph.set(file, imports);
}

// Tarjan's strongly connected components: every component of two files or more is a cycle.
const index = new Map<string, number>();
const lowLink = new Map<string, number>();
const stack: string[] = [];
const onStack = new Set<string>();
const cycles: string[][] = [];
let counter = 0;
function visit(file: string): void {
  index.set(file, counter);
  lowLink.set(file, counter);
  counter += 1;
  stack.push(file);
  onStack.add(file);
  for (const next of graph.get(file) ?? []) {
    if (!index.has(next)) {
      visit(next);
      lowLink.set(file, Math.min(lowLink.get(file)!, lowLink.get(next)!));
    } else if (onStack.has(next)) lowLink.set(file, Math.min(lowLink.get(file)!, index.get(next)!));
  }
  if (lowLink.get(file) !== index.get(file)) return;
  const component: string[] = [];
  let member: string;
  do {
    member = stack.pop()!;
    onStack.delete(member);
    component.push(path.relative(root, member));
  } while (member !== file);
  if (component.length > 1) cycles.push(component.sort());
}
for (const file of graph.keys()) if (!index.has(file)) visit(file);

if (cycles.length === 0) {
  console.log(`No import cycle among ${graph.size} files of server/ and src/ (type-only imports included).`);
} else {
  for (const cycle of cycles) console.error(`Import cycle of ${cycle.length} files:\n  ${cycle.join('\n  ')}`);
  process.exit(1);
}
