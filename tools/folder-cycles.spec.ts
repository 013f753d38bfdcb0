// No import cycles between the folders of an app's src (ARCHITECTURE: one seam per concern; a
// folder that needs another's piece, and is needed back, hides a piece that belongs elsewhere).
// Every import counts, `import type` too: a cycle of types is a cycle of design. A file of `src`
// itself (the environment, the app's wiring) counts as a folder of its own: a feature folder that
// reads the environment while the environment imports the feature is the same knot.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '..');

/** One folder importing another: the first file seen doing it, as the evidence named in a failure. */
interface Edge {
  readonly from: string;
  readonly to: string;
  readonly file: string;
  readonly imported: string;
}

/** Folder graph: for each top-level folder of `src`, the folders it imports, with evidence. */
type FolderGraph = Map<string, Map<string, Edge>>;

const IMPORT = /(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire\s*\(\s*)'(\.{1,2}\/[^']*)'/g;

function typeScriptFilesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return typeScriptFilesUnder(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

/**
 * The top-level folder of `src` a path lies in, or for a file of `src` itself its name with `.ts`
 * (`profile-environment.ts`, however it is imported); undefined outside `src`, and for a file of
 * `src` itself unless `filesAsNodes`.
 */
function folderOf(src: string, file: string, filesAsNodes = true): string | undefined {
  const parts = path.relative(src, file).split(path.sep);
  if (parts[0] === '..') return undefined;
  if (parts.length > 1) return parts[0];
  return filesAsNodes ? `${parts[0].replace(/\.ts$/, '')}.ts` : undefined;
}

/**
 * The folder graph of `src`, from the relative imports of its TypeScript files. Inside a feature
 * folder (`filesAsNodes` false) only its subfolders are nodes: the files beside them (entities that
 * relate to each other) may import each other.
 */
function folderGraph(src: string, { filesAsNodes = true } = {}): FolderGraph {
  const graph: FolderGraph = new Map();
  for (const file of typeScriptFilesUnder(src)) {
    const from = folderOf(src, file, filesAsNodes);
    if (from === undefined) continue;
    for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const to = folderOf(src, path.resolve(path.dirname(file), match[1]), filesAsNodes);
      if (to === undefined || to === from) continue;
      const edges = graph.get(from) ?? new Map<string, Edge>();
      graph.set(from, edges);
      if (!edges.has(to)) edges.set(to, { from, to, file: path.relative(src, file), imported: match[1] });
    }
  }
  return graph;
}

/** The folders below `dir` that hold folders of their own, at any depth: each is checked like `src`. */
function foldersWithSubfolders(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) => {
      const full = path.join(dir, entry.name);
      const below = foldersWithSubfolders(full);
      return readdirSync(full, { withFileTypes: true }).some((child) => child.isDirectory())
        ? [full, ...below]
        : below;
    });
}

/** Folders that import each other around (a strongly connected set), and one cycle through them. */
interface FolderCycle {
  readonly folders: readonly string[];
  readonly cycle: readonly Edge[];
}

/**
 * The cycles of a folder graph: each strongly connected set of folders (Tarjan), with the
 * shortest cycle through its first folder as the edges that close it. Empty when acyclic.
 */
function folderCycles(graph: FolderGraph): FolderCycle[] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const components: string[][] = [];
  const visit = (folder: string): void => {
    index.set(folder, index.size);
    low.set(folder, index.get(folder)!);
    stack.push(folder);
    for (const next of graph.get(folder)?.keys() ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(folder, Math.min(low.get(folder)!, low.get(next)!));
      } else if (stack.includes(next)) {
        low.set(folder, Math.min(low.get(folder)!, index.get(next)!));
      }
    }
    if (low.get(folder) === index.get(folder)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        component.push(member);
      } while (member !== folder);
      if (component.length > 1) components.push(component.sort());
    }
  };
  for (const folder of [...graph.keys()].sort()) if (!index.has(folder)) visit(folder);
  return components.map((folders) => ({ folders, cycle: shortestCycle(graph, folders) }));
}

/** The shortest cycle from the component's first folder back to itself (breadth first, inside the component). */
function shortestCycle(graph: FolderGraph, component: readonly string[]): Edge[] {
  const start = component[0];
  const inside = new Set(component);
  const reachedBy = new Map<string, Edge>();
  const queue = [start];
  while (queue.length > 0) {
    const folder = queue.shift()!;
    for (const edge of [...(graph.get(folder)?.values() ?? [])].sort((a, b) => a.to.localeCompare(b.to))) {
      if (!inside.has(edge.to)) continue;
      if (edge.to === start) {
        const cycle = [edge];
        for (let at = folder; at !== start; at = reachedBy.get(at)!.from) cycle.unshift(reachedBy.get(at)!);
        return cycle;
      }
      if (!reachedBy.has(edge.to)) {
        reachedBy.set(edge.to, edge);
        queue.push(edge.to);
      }
    }
  }
  throw new Error(`no cycle through ${start}`);
}

/** A cycle as a reader wants it: `a → b → a`, then which file makes each step. */
function describeCycle({ folders, cycle }: FolderCycle): string {
  return [
    `${[cycle[0].from, ...cycle.map((edge) => edge.to)].join(' → ')}` +
      (folders.length > cycle.length ? ` (folders in the same knot: ${folders.join(', ')})` : ''),
    ...cycle.map((edge) => `  ${edge.from} → ${edge.to}: ${edge.file} imports '${edge.imported}'`),
  ].join('\n');
}

/**
 * Cycles known and tolerated, per app, by their first line: a listed one that is gone fails (to
 * leave this list), and no other may come. None is left in any app.
 */
const KNOWN_CYCLES: Readonly<Record<string, readonly string[]>> = {};

const apps = readdirSync(path.join(root, 'apps')).filter((app) =>
  existsSync(path.join(root, 'apps', app, 'src')),
);

describe('folder import cycles', () => {
  it.each(apps)('apps/%s/src: no folder imports one that imports it back, directly or around', (app) => {
    const cycles = folderCycles(folderGraph(path.join(root, 'apps', app, 'src'))).map(describeCycle);
    const known = KNOWN_CYCLES[app] ?? [];
    // A new cycle fails with its folders and the file of each step; a known one gone fails too, to leave the list.
    expect(cycles.filter((cycle) => !known.includes(cycle.split('\n')[0]))).toEqual([]);
    expect(known.filter((first) => !cycles.some((cycle) => cycle.startsWith(`${first}\n`)))).toEqual([]);
  });

  it.each(apps)(
    'apps/%s/src: inside any folder, no subfolder imports one that imports it back (the engine stages of render)',
    (app) => {
      const src = path.join(root, 'apps', app, 'src');
      const cycles = foldersWithSubfolders(src).flatMap((dir) =>
        folderCycles(folderGraph(dir, { filesAsNodes: false })).map(
          (cycle) => `${path.relative(src, dir)}/: ${describeCycle(cycle)}`,
        ),
      );
      expect(cycles).toEqual([]);
    },
  );

  it('finds and names a cycle, with the file of each step, and ignores imports within a folder', () => {
    const edge = (from: string, to: string): Edge => ({
      from,
      to,
      file: `${from}/x.ts`,
      imported: `../${to}/y`,
    });
    const graph: FolderGraph = new Map([
      ['a', new Map([['b', edge('a', 'b')]])],
      ['b', new Map([['c', edge('b', 'c')]])],
      ['c', new Map([['a', edge('c', 'a')]])],
      ['d', new Map([['a', edge('d', 'a')]])],
    ]);
    const cycles = folderCycles(graph);
    expect(cycles.map(describeCycle)).toEqual([
      "a → b → c → a\n  a → b: a/x.ts imports '../b/y'\n  b → c: b/x.ts imports '../c/y'\n  c → a: c/x.ts imports '../a/y'",
    ]);
    graph.get('c')!.delete('a');
    expect(folderCycles(graph)).toEqual([]);
  });

  it('reads the graph from import statements: type imports, re-exports and nested folders count by top folder', () => {
    const graph = folderGraph(path.join(root, 'apps', 'profile-service', 'src'));
    // procurations' entity relates to the profile it belongs to (a type import of a nested folder's file).
    expect(graph.get('procurations')?.has('profiles')).toBe(true);
    expect(graph.get('common')?.has('procurations') ?? false).toBe(false);
    // A file of src is a node of its own: the feature folders read the environment.
    expect(graph.get('profiles')?.has('profile-environment.ts')).toBe(true);
    expect(graph.get('profile-environment.ts')?.has('common')).toBe(true);
    // A folder's subfolders make a graph of their own: render's engine stages.
    const engine = folderGraph(path.join(root, 'apps', 'render-service', 'src', 'engine'), {
      filesAsNodes: false,
    });
    expect(engine.get('document')?.has('template')).toBe(true);
    expect(engine.get('template')?.has('document') ?? false).toBe(false);
  });
});
