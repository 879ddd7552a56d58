// Record 0294 as a rule: no statement declares its rows by hand. A row type written on a postgres.js tagged template
// (`sql<{ n: number }[]>\`…\``) or cast onto a query's result (`as unknown as { n: number }[]`) is a promise no compiler
// checks against the tables; rows come from the Drizzle builder, or are parsed by a zod row (typedRows, parsedRows).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { REPOSITORY_ROOT, repositorySources } from './source-files';

/** Whether `file` takes `sql` from drizzle-orm, whose `sql<T>` types one expression, not a statement's rows. */
function importsDrizzleSql(source: ts.SourceFile): boolean {
  return source.statements.some(
    (statement) =>
      ts.isImportDeclaration(statement) &&
      ts.isStringLiteral(statement.moduleSpecifier) &&
      statement.moduleSpecifier.text === 'drizzle-orm' &&
      statement.importClause?.namedBindings !== undefined &&
      ts.isNamedImports(statement.importClause.namedBindings) &&
      statement.importClause.namedBindings.elements.some((element) => element.name.text === 'sql'),
  );
}

/** Each place in `text` that declares a statement's rows by hand, as `line: code`. */
function handWrittenRows(fileName: string, text: string): string[] {
  // Cheap first look: most files have neither shape.
  if (!/\[\]>\s*`/.test(text) && !/as unknown as [^;]*\[\]/.test(text)) return [];
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const drizzleSql = importsDrizzleSql(source);
  const found: string[] = [];
  const report = (node: ts.Node) => {
    const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
    found.push(`${line + 1}: ${node.getText(source).split('\n')[0]!.slice(0, 100)}`);
  };
  const visit = (node: ts.Node): void => {
    if (ts.isTaggedTemplateExpression(node) && node.typeArguments?.length === 1) {
      const rows = node.typeArguments[0]!;
      const isRowList = ts.isArrayTypeNode(rows) || rows.getText(source).startsWith('Array<');
      const isDrizzleExpression = drizzleSql && node.tag.getText(source) === 'sql';
      if (isRowList && !isDrizzleExpression) report(node);
    }
    if (
      ts.isAsExpression(node) &&
      ts.isArrayTypeNode(node.type) &&
      ts.isAsExpression(node.expression) &&
      node.expression.type.kind === ts.SyntaxKind.UnknownKeyword &&
      /\b(execute|sql|sqlClient)\b/.test(node.expression.expression.getText(source))
    )
      report(node);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('typed queries', () => {
  it('no statement in the repository declares its rows by hand', () => {
    const offenders = repositorySources().flatMap((file) =>
      handWrittenRows(file, readFileSync(path.join(REPOSITORY_ROOT, file), 'utf8')).map(
        (place) => `${file}:${place}`,
      ),
    );
    expect(offenders).toEqual([]);
  });

  it('finds rows declared on a postgres.js template or cast onto a result, and lets Drizzle’s typed expressions be', () => {
    const postgresJs = 'const rows = await sql<{ n: number }[]>`select 1 as n`;';
    const cast = 'const [row] = (await db.execute(statement)) as unknown as { n: number }[];';
    const drizzle = "import { sql } from 'drizzle-orm';\nconst names = sql<string[]>`array_agg(name)`;";
    expect(handWrittenRows('a.ts', postgresJs)).toHaveLength(1);
    expect(handWrittenRows('b.ts', cast)).toHaveLength(1);
    expect(handWrittenRows('c.ts', drizzle)).toEqual([]);
  });
});
