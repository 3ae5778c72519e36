// `npm run lint:exports`: exports of src/ that no other file imports. An export only its own
// file uses should not be exported (it widens what a reader must keep in mind), and one nobody
// uses is dead code. Reads the TypeScript program (import and export declarations, resolved by
// the compiler), so re-exports through index files count as uses.
// Usage: tsx scripts/unused-exports.ts  (exit 1 when any is found)
import * as path from 'node:path';
import ts from 'typescript';

const ROOT = path.resolve(__dirname, '..');

/** Entry points whose exports are the product's surface (VS Code, the CLI, the package API). */
const ENTRY_FILES = new Set([
  'src/extension/extension.ts',
  'src/extension/lazy/runtimeBundle.ts',
  'src/extension/lazy/codegenBundle.ts',
  'src/extension/language/languageClientBundle.ts',
  'src/cli/main.ts',
  'src/language/server.ts',
  'src/sandbox/library.ts',
]);

/** Read whole by scripts/generate-manifest.ts, which maps each export to a `contributes` key. */
const CONTRIBUTION_FILE = /^src\/extension\/[^/]+\/contributions\.ts$/;

export interface UnusedExport { file: string; name: string; usedInOwnFile: boolean }

export function unusedExports(): UnusedExport[] {
  const config = ts.getParsedCommandLineOfConfigFile(path.join(ROOT, 'tsconfig.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined });
  if (!config) throw new Error('tsconfig.json could not be read');
  const program = ts.createProgram(config.fileNames, config.options);
  const checker = program.getTypeChecker();
  const rel = (f: ts.SourceFile) => path.relative(ROOT, f.fileName).split(path.sep).join('/');
  const ours = program.getSourceFiles().filter((f) => !f.isDeclarationFile && !rel(f).startsWith('..') && !rel(f).includes('node_modules'));

  // Every symbol another file reaches: through an import, a re-export or a namespace member.
  const usedElsewhere = new Set<ts.Symbol>();
  const original = (s: ts.Symbol) => (s.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(s) : s);
  for (const file of ours) {
    const visit = (node: ts.Node): void => {
      if (ts.isIdentifier(node)) {
        const symbol = checker.getSymbolAtLocation(node);
        const decl = symbol && original(symbol).declarations?.[0];
        if (symbol && decl && decl.getSourceFile() !== file) usedElsewhere.add(original(symbol));
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }

  const found: UnusedExport[] = [];
  for (const file of ours) {
    const name = rel(file);
    if (!name.startsWith('src/') || ENTRY_FILES.has(name) || CONTRIBUTION_FILE.test(name)) continue;
    const moduleSymbol = checker.getSymbolAtLocation(file);
    if (!moduleSymbol) continue;
    for (const exported of checker.getExportsOfModule(moduleSymbol)) {
      const target = original(exported);
      if (target.declarations?.[0]?.getSourceFile() !== file) continue; // a re-export: judged at its source
      if (usedElsewhere.has(target)) continue;
      const ownUses = countOwnUses(file, exported.name);
      found.push({ file: name, name: exported.name, usedInOwnFile: ownUses > 1 });
    }
  }
  return found;
}

function countOwnUses(file: ts.SourceFile, name: string): number {
  let n = 0;
  const visit = (node: ts.Node): void => {
    if (ts.isIdentifier(node) && node.text === name) n++;
    ts.forEachChild(node, visit);
  };
  visit(file);
  return n;
}

if (require.main === module) {
  const found = unusedExports();
  for (const u of found) console.log(`${u.file}: ${u.name} ${u.usedInOwnFile ? '(used only in its own file: unexport it)' : '(used nowhere: remove it)'}`);
  console.log(`${found.length} exports no other file uses`);
  if (found.length > 0) process.exitCode = 1;
}
