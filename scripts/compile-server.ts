// Part of the build: src/server/main.ts and everything it imports from src/ (src/core, the page
// cache, the headers) as plain JavaScript in dist-node/, which `npm start` runs. Node strips
// TypeScript's types itself, but the stripper it loads for that (amaro, a WebAssembly build of swc)
// stays in memory for good: about 15 MB of a server that should idle under 120 MB
// (docs/decisions/026). The folders keep their depth below the project (dist-node/core/… beside
// src/core/…), so the paths the code finds from its own address are the same in both.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { VENDOR_IMPORTS } from './vendor-bundles.ts';

export const COMPILED_DIR = 'dist-node';

const COMPILER_OPTIONS: ts.CompilerOptions = {
  module: ts.ModuleKind.ESNext,
  target: ts.ScriptTarget.ES2024,
  // './x.ts' in the sources becomes './x.js' in what is written.
  rewriteRelativeImportExtensions: true,
  allowImportingTsExtensions: true,
  verbatimModuleSyntax: true,
};

/**
 * Compiles every file of src/core (the Astro bundle imports them through package.json's
 * "#core/*.ts" under the club-built condition) and whatever src/server/main.ts reaches by
 * relative imports. Returns the files written, relative to the project.
 */
export function compileServer(root: string): string[] {
  const src = path.join(root, 'src');
  const out = path.join(root, COMPILED_DIR);
  fs.rmSync(out, { recursive: true, force: true });
  const pending = [path.join(src, 'server', 'main.ts'), ...sourcesIn(path.join(src, 'core'))];
  const done = new Set<string>();
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (done.has(file)) continue;
    done.add(file);
    const source = fs.readFileSync(file, 'utf8');
    for (const { fileName } of ts.preProcessFile(source, true, true).importedFiles) {
      if (fileName.startsWith('.') && fileName.endsWith('.ts')) pending.push(path.resolve(path.dirname(file), fileName));
    }
    const { outputText } = ts.transpileModule(source, {
      compilerOptions: COMPILER_OPTIONS,
      fileName: file,
      transformers: { before: [fromVendorBundles] },
    });
    const target = path.join(out, path.relative(src, file)).replace(/\.ts$/, '.js');
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, outputText);
  }
  return [...done].map((file) => path.relative(root, file));
}

function sourcesIn(dir: string): string[] {
  return (
    fs
      .readdirSync(dir, { recursive: true, withFileTypes: true })
      // Declarations (.d.ts) describe packages that ship no types: nothing to run.
      .filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') && !entry.name.endsWith('.d.ts'))
      .map((entry) => path.join(entry.parentPath, entry.name))
  );
}

/** `from 'kysely'` becomes `from '#vendor/kysely.js'`, and so on (scripts/vendor-bundles.ts). */
const fromVendorBundles: ts.TransformerFactory<ts.SourceFile> = (context) => (sourceFile) => {
  const { factory } = context;
  const bundled = (specifier: ts.Expression | undefined) =>
    specifier && ts.isStringLiteral(specifier) && Object.hasOwn(VENDOR_IMPORTS, specifier.text)
      ? factory.createStringLiteral(VENDOR_IMPORTS[specifier.text]!)
      : undefined;
  const visit = (node: ts.Node): ts.Node => {
    if (ts.isImportDeclaration(node)) {
      const to = bundled(node.moduleSpecifier);
      if (to) return factory.updateImportDeclaration(node, node.modifiers, node.importClause, to, node.attributes);
    } else if (ts.isExportDeclaration(node)) {
      const to = bundled(node.moduleSpecifier);
      if (to) return factory.updateExportDeclaration(node, node.modifiers, node.isTypeOnly, node.exportClause, to, node.attributes);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const to = bundled(node.arguments[0]);
      if (to) return factory.updateCallExpression(node, node.expression, node.typeArguments, [to, ...node.arguments.slice(1)]);
    }
    return ts.visitEachChild(node, visit, context);
  };
  return ts.visitNode(sourceFile, visit) as ts.SourceFile;
};
