// Controllers carry routing and nothing else (profile-service README, "Code layout"): a handler
// is its route, its roles, its behaviour decorators, its parameters and a short body calling the
// service and the response mapper; the OpenAPI text sits in `<stem>.openapi.ts`. This counts each
// handler's lines, its decorators included, and holds each app's average under a budget, so that
// the text does not creep back into the controllers.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

import ts from 'typescript';

const root = path.resolve(__dirname, '..');

/** The lines a handler may not reach on average over an app's controllers. */
const BUDGET = 15;

/**
 * Apps over the budget when it came (config-service 18.4, render-service 26.4), whose controllers
 * still hold their OpenAPI text: their averages are reported, not held. Every other app is held.
 */
const REPORTED_ONLY: ReadonlySet<string> = new Set(['config-service', 'render-service']);

/** The Nest decorators that make a method a route handler. */
const ROUTE_DECORATORS = new Set(['Get', 'Post', 'Put', 'Patch', 'Delete', 'Head', 'Options', 'All']);

interface ControllerSize {
  readonly file: string;
  readonly handlers: number;
  readonly lines: number;
}

function controllerFilesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return controllerFilesUnder(full);
    return entry.name.endsWith('.controller.ts') ? [full] : [];
  });
}

const decoratorName = (decorator: ts.Decorator): string | undefined => {
  const called = ts.isCallExpression(decorator.expression) ? decorator.expression.expression : undefined;
  return called && ts.isIdentifier(called) ? called.text : undefined;
};

/** Lines of each route handler of the source, from its first decorator to its closing brace. */
export function handlerLines(source: ts.SourceFile): number[] {
  const lines: number[] = [];
  const lineOf = (position: number): number => source.getLineAndCharacterOfPosition(position).line;
  const visit = (node: ts.Node): void => {
    // Every class counts, a class a factory returns too (the generic CRUD routes).
    if (ts.isMethodDeclaration(node)) {
      const decorators = ts.getDecorators(node) ?? [];
      if (decorators.some((decorator) => ROUTE_DECORATORS.has(decoratorName(decorator) ?? ''))) {
        lines.push(lineOf(node.end) - lineOf(node.getStart(source)) + 1);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return lines;
}

function controllerSizes(app: string): ControllerSize[] {
  const src = path.join(root, 'apps', app, 'src');
  return controllerFilesUnder(src)
    .sort()
    .map((file) => {
      const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
      const lines = handlerLines(source);
      return {
        file: path.relative(src, file),
        handlers: lines.length,
        lines: lines.reduce((sum, count) => sum + count, 0),
      };
    });
}

/** Lines per handler over every handler of the app (not an average of the controllers' averages). */
const averageOf = (sizes: readonly ControllerSize[]): number => {
  const handlers = sizes.reduce((sum, size) => sum + size.handlers, 0);
  return handlers === 0 ? 0 : sizes.reduce((sum, size) => sum + size.lines, 0) / handlers;
};

const report = (app: string, sizes: readonly ControllerSize[]): string =>
  [
    `apps/${app}: ${averageOf(sizes).toFixed(1)} lines per handler`,
    ...sizes
      .filter((size) => size.handlers > 0)
      .map(
        (size) =>
          `  ${size.file}: ${(size.lines / size.handlers).toFixed(1)} (${size.handlers} handlers, ${size.lines} lines)`,
      ),
  ].join('\n');

const apps = readdirSync(path.join(root, 'apps')).filter((app) =>
  existsSync(path.join(root, 'apps', app, 'src')),
);

describe('controller handler size', () => {
  const held = apps.filter((app) => !REPORTED_ONLY.has(app));

  it.each(held)(`apps/%s: handlers average under ${BUDGET} lines, decorators included`, (app) => {
    const sizes = controllerSizes(app);
    // On failure, the message names each controller's average.
    expect({ average: averageOf(sizes) < BUDGET ? 'under budget' : report(app, sizes) }).toEqual({
      average: 'under budget',
    });
  });

  it.each([...REPORTED_ONLY])("apps/%s: reports its handlers' average (not held yet)", (app) => {
    console.log(report(app, controllerSizes(app)));
  });

  it('counts a handler from its first decorator to its end, and only route handlers', () => {
    const source = ts.createSourceFile(
      'example.controller.ts',
      [
        'class A {',
        '  @Get()',
        '  @Projected("a")',
        '  read(): string {',
        '    return "a";',
        '  }',
        '',
        '  helper(): void {}',
        '}',
        'function factory() {',
        '  class B {',
        '    @Delete(":id") remove(): void {}',
        '  }',
        '  return B;',
        '}',
      ].join('\n'),
      ts.ScriptTarget.Latest,
      true,
    );
    expect(handlerLines(source)).toEqual([5, 1]);
  });
});
