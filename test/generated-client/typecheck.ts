// Typechecks a file as an integrator's strict project would, and finds every cast in it: the proof that a client
// generated from the document needs none.
import ts from 'typescript';

const STRICT_INTEGRATOR: ts.CompilerOptions = {
  strict: true,
  noUncheckedIndexedAccess: true,
  exactOptionalPropertyTypes: false,
  noEmit: true,
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  lib: ['lib.es2023.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
  types: ['node'],
  skipLibCheck: true,
};

export function typeErrors(file: string): string[] {
  const program = ts.createProgram([file], STRICT_INTEGRATOR);
  return ts
    .getPreEmitDiagnostics(program)
    .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
}

/** Each `as`, `<T>x`, `x!`, `any` and `@ts-` directive in the file, with its line. */
export function castsIn(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, true);
  const found: string[] = [];
  const at = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
  const visit = (node: ts.Node): void => {
    if (ts.isAsExpression(node) && !isAsConst(node)) found.push(`line ${at(node)}: ${node.getText()}`);
    if (ts.isTypeAssertionExpression(node) || ts.isNonNullExpression(node))
      found.push(`line ${at(node)}: ${node.getText()}`);
    if (node.kind === ts.SyntaxKind.AnyKeyword) found.push(`line ${at(node)}: any`);
    ts.forEachChild(node, visit);
  };
  visit(source);
  for (const [index, line] of text.split('\n').entries())
    if (/@ts-(ignore|expect-error|nocheck)/.test(line)) found.push(`line ${index + 1}: ${line.trim()}`);
  return found;
}

function isAsConst(node: ts.AsExpression): boolean {
  return ts.isTypeReferenceNode(node.type) && node.type.typeName.getText() === 'const';
}
