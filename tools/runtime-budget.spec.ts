// One memory budget per service (deploy/base/<service>/runtime.env): the manifests as kustomize
// renders them, the way every start from the repository runs (tools/service-process.js, the
// start:* scripts) and Node itself must all read the same limit and heap options from it.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

import { loadAll } from 'js-yaml';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const serviceProcess = require('./service-process') as {
  SERVICES: string[];
  mainOf(service: string): string;
  nodeArgsOf(service: string): string[];
  readRuntimeEnv(service: string): Record<string, string>;
  runtimeEnvOf(service: string): string;
};

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { imageStart } = require('./dockerfile') as {
  imageStart: () => { workdir: string; argv: string[] };
};

type Manifest = Record<string, any>;

const root = path.resolve(__dirname, '..');

/** The manifests of a kustomization as `kubectl kustomize` renders them for `kubectl apply -k`. */
function rendered(folder: string): Manifest[] {
  const yaml = execFileSync('kubectl', ['kustomize', path.join(root, folder)], { encoding: 'utf8' });
  return loadAll(yaml).filter(
    (document): document is Manifest => typeof document === 'object' && document !== null,
  );
}

/** A memory quantity in MiB (`512Mi`, `1Gi`); anything else throws. */
function mebibytes(quantity: string): number {
  const match = /^(\d+)(Mi|Gi)$/.exec(quantity);
  if (!match) throw new Error(`memory quantity ${quantity} is not in Mi or Gi`);
  return Number(match[1]) * (match[2] === 'Gi' ? 1024 : 1);
}

/** The value of a V8 option in a NODE_OPTIONS string, or undefined. */
function optionValue(nodeOptions: string, option: string): number | undefined {
  const match = new RegExp(`(?:^|\\s)${option}=(\\d+)(?:\\s|$)`).exec(nodeOptions);
  return match ? Number(match[1]) : undefined;
}

describe.each(['deploy/base', 'deploy/overlays/example'])('kubectl kustomize %s', (folder) => {
  const manifests = rendered(folder);

  describe.each(serviceProcess.SERVICES)('%s', (service) => {
    const budget = serviceProcess.readRuntimeEnv(service);
    const deployment = manifests.find(
      (manifest) => manifest['kind'] === 'Deployment' && manifest['metadata'].name === service,
    );
    const container: Manifest = deployment?.['spec'].template.spec.containers.find(
      (candidate: Manifest) => candidate['name'] === service,
    );
    const runtimeConfigMaps = manifests.filter(
      (manifest) =>
        manifest['kind'] === 'ConfigMap' && manifest['metadata'].name.startsWith(`${service}-runtime-`),
    );

    it("limits the container's memory to runtime.env's MEMORY_LIMIT", () => {
      expect(budget['MEMORY_LIMIT']).toMatch(/^\d+(Mi|Gi)$/);
      expect(container['resources'].limits.memory).toBe(budget['MEMORY_LIMIT']);
    });

    it('generates a ConfigMap holding runtime.env as Node reads it, and gives it to the container', () => {
      expect(runtimeConfigMaps).toHaveLength(1);
      const [configMap] = runtimeConfigMaps;
      expect(configMap['data']).toEqual(budget);
      expect(container['envFrom']).toContainEqual({ configMapRef: { name: configMap['metadata'].name } });
    });

    it("keeps the budget's variables out of the service's other ConfigMap and out of env", () => {
      const settings = manifests.find(
        (manifest) => manifest['kind'] === 'ConfigMap' && manifest['metadata'].name === `${service}-config`,
      );
      expect(Object.keys(settings?.['data'] ?? {}).filter((key) => key in budget)).toEqual([]);
      expect((container['env'] ?? []).filter((variable: Manifest) => variable['name'] in budget)).toEqual([]);
    });
  });
});

describe.each(serviceProcess.SERVICES)('%s runtime.env', (service) => {
  const budget = serviceProcess.readRuntimeEnv(service);
  const file = path.join(root, serviceProcess.runtimeEnvOf(service));
  const nodeOptions = budget['NODE_OPTIONS'] ?? '';
  const heapMb = optionValue(nodeOptions, '--max-old-space-size');

  it('sets a heap budget in NODE_OPTIONS', () => {
    expect(heapMb).toBeGreaterThan(0);
  });

  if (service !== 'render-service') {
    // render-service's main thread shares the container with its workers: their sum is render's rule.
    it("keeps the heap budget at most half the container's memory limit", () => {
      expect(heapMb).toBeLessThanOrEqual(mebibytes(budget['MEMORY_LIMIT']) / 2);
    });
  }

  it('is what tools/service-process.js starts the service with, and npm run start:* and nx serve too', () => {
    expect(serviceProcess.nodeArgsOf(service)).toEqual([`--env-file=${file}`]);
    const command = `node --env-file=${serviceProcess.runtimeEnvOf(service)} ${serviceProcess.mainOf(service)}`;
    const scripts = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).scripts;
    expect(scripts[`start:${service.replace(/-service$/, '')}`]).toBe(command);
    const project = JSON.parse(readFileSync(path.join(root, 'apps', service, 'project.json'), 'utf8'));
    expect(project.targets.serve.options.command).toBe(command);
  });

  it('gives Node the heap options when started as the service is', () => {
    const env = { ...process.env };
    delete env['NODE_OPTIONS'];
    const heapLimitMb = (nodeArgs: string[]): number =>
      Number(
        execFileSync(
          process.execPath,
          [...nodeArgs, '-p', 'require("node:v8").getHeapStatistics().heap_size_limit / 1048576'],
          { encoding: 'utf8', env },
        ),
      );
    const started = heapLimitMb(serviceProcess.nodeArgsOf(service));
    expect(started).toBe(heapLimitMb(nodeOptions.split(' ')));
    expect(started).toBeLessThan(heapLimitMb([]));
  });
});

describe('docker/Dockerfile', () => {
  it('starts the service with --env-file on its runtime.env (tools/image-files.js copies it there)', () => {
    const { workdir, argv } = imageStart();
    expect(workdir).toBe('/app');
    expect(argv).toEqual(['node', '--env-file=/app/runtime.env', '/app/main.js']);
  });
});

describe('render-service runtime.env', () => {
  it('sets the render workers and their heap limits', () => {
    const budget = serviceProcess.readRuntimeEnv('render-service');
    for (const name of ['RENDER_WORKERS', 'RENDER_WORKER_HEAP_MB', 'RENDER_WORKER_YOUNG_GENERATION_MB']) {
      expect({ name, value: budget[name] }).toEqual({ name, value: expect.stringMatching(/^[1-9]\d*$/) });
    }
  });
});

describe('tools/service-process.js', () => {
  it('refuses a service it does not know', () => {
    expect(() => serviceProcess.nodeArgsOf('billing-service')).toThrow(/billing-service/);
  });
});
