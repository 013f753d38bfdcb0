// The Nx project graph must tell the truth: an app depends on every lib it imports, so that a
// change in a lib invalidates the app's cached typecheck and tests and `nx affected` names the app.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

interface GraphTarget {
  readonly inputs?: unknown[];
  readonly options?: { readonly command?: string };
}

interface ProjectGraphFile {
  readonly graph: {
    readonly nodes: Record<string, { data: { root: string; targets: Record<string, GraphTarget> } }>;
    readonly dependencies: Record<string, { target: string }[]>;
  };
}

const root = path.resolve(__dirname, '..');

function readGraph(): ProjectGraphFile['graph'] {
  const folder = mkdtempSync(path.join(tmpdir(), 'nx-graph-'));
  try {
    const file = path.join(folder, 'graph.json');
    execFileSync(process.execPath, [require.resolve('nx/bin/nx.js'), 'graph', `--file=${file}`], {
      cwd: root,
      env: { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true' },
      stdio: 'ignore',
    });
    return (JSON.parse(readFileSync(file, 'utf8')) as ProjectGraphFile).graph;
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

function typeScriptFilesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : typeScriptFilesUnder(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

/** The `@portal/<lib>` packages a project's sources import, by reading them. */
function importedLibs(projectRoot: string): Set<string> {
  const libs = new Set<string>();
  for (const file of typeScriptFilesUnder(path.join(root, projectRoot))) {
    for (const match of readFileSync(file, 'utf8').matchAll(/from '@portal\/([a-z-]+)'/g)) {
      libs.add(match[1]);
    }
  }
  return libs;
}

describe('the Nx project graph', () => {
  const graph = readGraph();
  const projects = Object.entries(graph.nodes);

  it('holds the three apps and the libs', () => {
    expect(projects.map(([name]) => name)).toEqual(
      expect.arrayContaining(['profile-service', 'config-service', 'render-service', 'problem-details']),
    );
  });

  it.each(projects.map(([name, node]) => [name, node.data.root]))(
    '%s depends on every lib it imports',
    (name, projectRoot) => {
      const edges = new Set((graph.dependencies[name] ?? []).map((dependency) => dependency.target));
      const missing = [...importedLibs(projectRoot)].filter((lib) => lib !== name && !edges.has(lib));
      expect(missing).toEqual([]);
    },
  );

  it.each(projects.map(([name, node]) => [name, node.data.targets]))(
    "%s: typecheck and tests take their dependencies' sources as cache inputs",
    (_name, targets) => {
      for (const target of ['typecheck', 'test', 'test-unit', 'test-e2e']) {
        if (targets[target] === undefined) continue;
        expect({ target, inputs: targets[target].inputs }).toEqual({
          target,
          inputs: expect.arrayContaining(['default', '^production']),
        });
      }
    },
  );

  it("splits each app's tests into test-unit and test-e2e", () => {
    for (const app of ['profile-service', 'config-service', 'render-service']) {
      const targets = graph.nodes[app].data.targets;
      expect(targets['test-unit']?.options?.command).toMatch(/--selectProjects .*\\\.spec\\\.ts\$/);
      expect(targets['test-e2e']?.options?.command).toMatch(/--selectProjects .*e2e-spec/);
    }
  });
});
