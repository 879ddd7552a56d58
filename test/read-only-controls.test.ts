// Makes the read-only support view hard to forget in the portal: every component under components/ and
// app/(portal)/ that calls an operation the server refuses during a view (an `org` POST/PUT/PATCH/DELETE, found from
// the declarations, not a hand-kept list) — directly, through a raw fetch, or through a hook that does — must use the
// read-only mechanism of components/ui/read-only.tsx (`changesState`, ConfirmAction/ConfirmDialog, <ChangesState>,
// useChangesState); and every link to a page that creates or edits (…/new, …/edit) is a `Button asChild changesState`.
// It checks each component (a top-level PascalCase declaration), not each button: a component with two changing
// buttons and one mark passes; the Playwright support test and review cover the rest.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { allOperations } from '@/lib/app/operations';
import * as fundingRoutes from '@/lib/funding/contract/routes';
import * as identityRoutes from '@/lib/identity/contract/routes';
import * as liquidityRoutes from '@/lib/liquidity/contract/routes';
import * as payoutsRoutes from '@/lib/payouts/contract/routes';
import { audienceOf, STATE_CHANGING_METHODS } from '@/lib/platform/operations/operation';
import * as profilesRoutes from '@/lib/profiles/contract/routes';
import * as sandboxRoutes from '@/lib/sandbox/contract/routes';
import * as supportRoutes from '@/lib/support/contract/routes';
import * as webhooksRoutes from '@/lib/webhooks/contract/routes';

const root = path.resolve(import.meta.dirname, '..');
const rel = (file: string) => path.relative(root, file).split(path.sep).join('/');

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return walk(full);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [rel(full)] : [];
  });
}

/** The browser routes (each area's contract/routes.ts) of the operations a support view is refused. */
const refusedIds = new Set(
  allOperations
    .filter((op) => !op.public && audienceOf(op) === 'org' && STATE_CHANGING_METHODS.has(op.method))
    .map((op) => op.id),
);
const routes = {
  ...fundingRoutes,
  ...identityRoutes,
  ...liquidityRoutes,
  ...payoutsRoutes,
  ...profilesRoutes,
  ...sandboxRoutes,
  ...supportRoutes,
  ...webhooksRoutes,
};
const refusedRoutes = Object.entries(routes)
  .filter(([, route]) => refusedIds.has(route.id))
  .map(([name]) => name);

/** What changes state inside a declaration's own text: a refused route, or a raw fetch/XHR with a changing method. */
const DIRECT = [
  new RegExp(`\\b(${refusedRoutes.join('|')})\\b`),
  /\bmethod:\s*['"](POST|PUT|PATCH|DELETE)['"]/,
  /\.open\(\s*['"](POST|PUT|PATCH|DELETE)['"]/,
];
/** `useCan(route)` / `roleMayCall(role, route)` only ask whether the role may call it: naming the route there calls nothing. */
const withoutPermissionQuestions = (text: string) => text.replace(/\b(useCan|roleMayCall)\([^)]*\)/g, '');

/** The mechanism, as a component uses it. */
const MECHANISM = /\bchangesState\b|<ConfirmAction\b|<ConfirmDialog\b|<ChangesState\b|\buseChangesState\(/;

const files = [...walk(path.join(root, 'components')), ...walk(path.join(root, 'app/(portal)'))];

function resolve(from: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith('@/')) base = specifier.slice(2);
  else if (specifier.startsWith('.')) base = path.posix.join(path.posix.dirname(from), specifier);
  else return null;
  return [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`].find((f) => files.includes(f)) ?? null;
}

interface Module {
  /** Top-level declarations by name, with their text. */
  declarations: Map<string, string>;
  /** Local name → [module, exported name] for imports from project modules (re-exports included). */
  imports: Map<string, [string, string]>;
  exported: Map<string, string>;
}

const sourceOf = (file: string) =>
  ts.createSourceFile(file, readFileSync(path.join(root, file), 'utf8'), ts.ScriptTarget.Latest, true);

function parse(file: string): Module {
  const source = sourceOf(file);
  const module: Module = { declarations: new Map(), imports: new Map(), exported: new Map() };
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) {
      const specifier = statement.moduleSpecifier;
      if (!specifier || !ts.isStringLiteral(specifier)) continue;
      const target = resolve(file, specifier.text);
      if (!target) continue;
      const bindings = ts.isImportDeclaration(statement)
        ? statement.importClause?.namedBindings
        : statement.exportClause;
      if (!bindings || !(ts.isNamedImports(bindings) || ts.isNamedExports(bindings))) continue;
      for (const element of bindings.elements) {
        const imported = (element.propertyName ?? element.name).text;
        module.imports.set(element.name.text, [target, imported]);
        if (ts.isExportDeclaration(statement)) module.exported.set(element.name.text, element.name.text);
      }
      continue;
    }
    const names: string[] = [];
    if ((ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement)) && statement.name)
      names.push(statement.name.text);
    if (ts.isVariableStatement(statement))
      for (const declaration of statement.declarationList.declarations)
        if (ts.isIdentifier(declaration.name)) names.push(declaration.name.text);
    for (const name of names) {
      module.declarations.set(name, statement.getText(source));
      const modifiers = ts.canHaveModifiers(statement) ? ts.getModifiers(statement) : undefined;
      if (modifiers?.some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword))
        module.exported.set(name, name);
    }
  }
  return module;
}

const modules = new Map(files.map((file) => [file, parse(file)]));
const isComponent = (name: string) => /^[A-Z]/.test(name);

/**
 * Which declarations change state, to a fixpoint: directly, or by using a hook or function (not a component: rendering
 * a component that handles its own change does not make the parent responsible) that does, here or imported.
 */
function changingDeclarations(): Set<string> {
  const changing = new Set<string>();
  const key = (file: string, name: string) => `${file}#${name}`;
  const uses = (text: string, name: string) => new RegExp(`\\b${name}\\b`).test(text);
  let grew = true;
  while (grew) {
    grew = false;
    for (const [file, module] of modules) {
      for (const [name, text] of module.declarations) {
        if (changing.has(key(file, name))) continue;
        const direct = DIRECT.some((pattern) => pattern.test(withoutPermissionQuestions(text)));
        const viaLocal = [...module.declarations.keys()].some(
          (other) =>
            other !== name && !isComponent(other) && changing.has(key(file, other)) && uses(text, other),
        );
        const viaImport = [...module.imports].some(
          ([local, [target, imported]]) =>
            !isComponent(local) && changing.has(key(target, imported)) && uses(text, local),
        );
        if (direct || viaLocal || viaImport) {
          changing.add(key(file, name));
          grew = true;
        }
      }
      // A re-export changes state when what it names does.
      for (const [local, [target, imported]] of module.imports)
        if (
          module.exported.has(local) &&
          changing.has(key(target, imported)) &&
          !changing.has(key(file, local))
        ) {
          changing.add(key(file, local));
          grew = true;
        }
    }
  }
  return changing;
}

const changing = changingDeclarations();

/** Components a portal page can render that change state; the mechanism itself (components/ui) is not checked. */
const changingComponents = [...changing]
  .map((entry) => entry.split('#') as [string, string])
  .filter(
    ([file, name]) =>
      file.endsWith('.tsx') &&
      isComponent(name) &&
      !file.startsWith('components/ui/') &&
      // The staff console is not a portal page (a view never shows it), nor are sign-in and invitation pages.
      !file.startsWith('components/support/') &&
      !file.startsWith('components/auth/'),
  );

/** `href` values naming a page that creates or edits something. */
const CHANGING_PAGE = /\/(new|edit)(['"`?#]|$)/;

/** Links to …/new or …/edit pages, as file:line, and whether they are the child of a `<Button … changesState>`. */
function changingLinks(): { place: string; marked: boolean }[] {
  const found: { place: string; marked: boolean }[] = [];
  for (const file of files.filter((f) => f.endsWith('.tsx'))) {
    const source = sourceOf(file);
    const visit = (node: ts.Node) => {
      if (
        ts.isJsxAttribute(node) &&
        node.name.getText(source) === 'href' &&
        node.initializer &&
        CHANGING_PAGE.test(node.initializer.getText(source))
      ) {
        // attribute → attributes → opening element → element → its parent element
        const element = node.parent.parent.parent;
        const parent = element.parent;
        const marked =
          ts.isJsxElement(parent) &&
          parent.openingElement.tagName.getText(source) === 'Button' &&
          parent.openingElement.attributes.properties.some(
            (attribute) => ts.isJsxAttribute(attribute) && attribute.name.getText(source) === 'changesState',
          );
        const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
        found.push({ place: `${file}:${line}`, marked });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

const links = changingLinks();

/**
 * A component uses the mechanism itself, or hands its change to a frame component of its own area that does (the
 * profile forms give their save to ProfileFormActions, whose submit button is `changesState`). Not a components/ui
 * primitive: an input that knows the view is read-only does not guard the component's own change.
 */
function usesMechanism(file: string, name: string): boolean {
  const module = modules.get(file);
  const text = module?.declarations.get(name) ?? '';
  if (MECHANISM.test(text)) return true;
  const renders = (component: string) => new RegExp(`<${component}\\b`).test(text);
  return [...(module?.imports ?? [])].some(
    ([local, [target, imported]]) =>
      isComponent(local) &&
      !target.startsWith('components/ui/') &&
      renders(local) &&
      MECHANISM.test(modules.get(target)?.declarations.get(imported) ?? ''),
  );
}

describe('read-only support view in the portal', () => {
  it('every portal component that changes state uses the read-only mechanism', () => {
    const offenders = changingComponents
      .filter(([file, name]) => !usesMechanism(file, name))
      .map(([file, name]) => `${file}: ${name}`);
    expect(offenders).toEqual([]);
  });

  it('every link to a page that creates or edits is a Button asChild changesState', () => {
    expect(links.filter((link) => !link.marked).map((link) => link.place)).toEqual([]);
  });

  it('the check finds the components that change state (it would catch one that forgot)', () => {
    expect(refusedRoutes).toEqual(
      expect.arrayContaining(['confirmBatchOperation', 'createWebhookEndpointOperation']),
    );
    expect(refusedRoutes).not.toContain('endSupportViewOperation');
    const found = changingComponents.map(([file, name]) => `${file}: ${name}`);
    expect(found).toEqual(
      expect.arrayContaining([
        // Through a hook of another module (components/payouts/api.ts).
        'components/payouts/quote-review.tsx: QuoteReview',
        // Through a hook of its own module's neighbour (components/webhooks/queries.ts).
        'components/webhooks/webhooks-settings.tsx: EndpointCard',
        // Through a hook of its own module's neighbour (components/liquidity/queries.ts).
        'components/liquidity/address-book.tsx: AddressBook',
        // A route called inline.
        'components/settings/team-settings.tsx: RemoveMember',
      ]),
    );
    // A raw fetch or XHR with a changing method counts by itself (no portal component makes one any more).
    expect(DIRECT.some((pattern) => pattern.test("fetch(path, { method: 'DELETE' })"))).toBe(true);
    expect(DIRECT.some((pattern) => pattern.test("request.open('POST', path)"))).toBe(true);
    expect(DIRECT.some((pattern) => pattern.test("fetch(path, { method: 'GET' })"))).toBe(false);
    // Asking whether the role may is not calling.
    expect(withoutPermissionQuestions('const may = useCan(confirmBatchOperation);')).not.toMatch(
      /confirmBatch/,
    );
    expect(links.map((link) => link.place.replace(/:\d+$/, ''))).toEqual(
      expect.arrayContaining(['app/(portal)/batches/page.tsx', 'components/profiles/profile-table.tsx']),
    );
    // A component that only renders changing children is not itself counted.
    expect(found).not.toContain('components/webhooks/webhooks-settings.tsx: WebhooksSettings');
  });
});
