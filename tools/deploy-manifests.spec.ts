// Keeps docker/ and deploy/ consistent with the apps: ports, probes, images, entry points, references.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

import { loadAll } from 'js-yaml';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { HEAP_BUDGET_MB, mainOf, nodeArgsOf } = require('./service-process') as {
  HEAP_BUDGET_MB: Record<string, number>;
  mainOf: (service: string) => string;
  nodeArgsOf: (service: string) => string[];
};

type Manifest = Record<string, any>;

interface LoadedManifest {
  readonly file: string;
  readonly manifest: Manifest;
}

const root = path.resolve(__dirname, '..');
const deployDir = path.join(root, 'deploy');

const SERVICES = [
  {
    name: 'profile-service',
    short: 'profile',
    secretKeys: [
      'DATABASE_URL',
      'AUTH_JWT_SECRET',
      'REDIS_URL',
      'SETTINGS_ENCRYPTION_KEY',
      'SETTINGS_ENCRYPTION_PREVIOUS_KEYS',
    ],
  },
  { name: 'config-service', short: 'config', secretKeys: ['DATABASE_URL', 'AUTH_JWT_SECRET', 'REDIS_URL'] },
  { name: 'render-service', short: 'render', secretKeys: ['DATABASE_URL', 'AUTH_JWT_SECRET', 'REDIS_URL'] },
] as const;

function yamlFilesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return yamlFilesUnder(full);
    return /\.ya?ml$/.test(entry.name) ? [full] : [];
  });
}

const yamlFiles = yamlFilesUnder(deployDir);
const manifests: LoadedManifest[] = yamlFiles.flatMap((file) =>
  loadAll(readFileSync(file, 'utf8'))
    .filter((document): document is Manifest => typeof document === 'object' && document !== null)
    .map((manifest) => ({ file, manifest })),
);

const relative = (file: string): string => path.relative(root, file);

/** The one manifest of this kind and name in the base folder of a service. */
function baseManifest(service: string, kind: string, name = service): Manifest {
  const serviceDir = path.join(deployDir, 'base', service) + path.sep;
  const found = manifests.filter(
    ({ file, manifest }) =>
      file.startsWith(serviceDir) && manifest['kind'] === kind && manifest['metadata']?.name === name,
  );
  if (found.length !== 1) {
    throw new Error(`expected one ${kind} "${name}" in deploy/base/${service}, found ${found.length}`);
  }
  return found[0].manifest;
}

/** The default PORT in apps/<service>/src/<short>-environment.ts: `PORT: '3001'`. */
function appDefaultPort(service: string, short: string): number {
  const file = path.join(root, 'apps', service, 'src', `${short}-environment.ts`);
  const match = /\bPORT:\s*['"](\d+)['"]/.exec(readFileSync(file, 'utf8'));
  if (!match) throw new Error(`no default PORT in ${relative(file)}`);
  return Number(match[1]);
}

function containerOf(deployment: Manifest, service: string): Manifest {
  const containers: Manifest[] = deployment['spec']?.template?.spec?.containers ?? [];
  const container = containers.find((candidate) => candidate['name'] === service);
  if (!container) throw new Error(`Deployment ${service} has no container named ${service}`);
  return container;
}

/** A probe or Service port (number or name) as the container port number it designates. */
function resolvePort(container: Manifest, port: unknown): number | undefined {
  const ports: Manifest[] = container['ports'] ?? [];
  if (typeof port === 'number') {
    return ports.some((candidate) => candidate['containerPort'] === port) ? port : undefined;
  }
  const named = ports.find((candidate) => candidate['name'] === port);
  return typeof named?.['containerPort'] === 'number' ? named['containerPort'] : undefined;
}

const imageName = (image: string): string => image.replace(/@sha256:.*$/, '').replace(/:[^:/]+$/, '');

function selects(selector: Record<string, string> | undefined, labels: Record<string, string>): boolean {
  const entries = Object.entries(selector ?? {});
  return entries.length > 0 && entries.every(([key, value]) => labels[key] === value);
}

function dockerfileLines(service: string): string[] {
  const file = path.join(root, 'docker', `${service}.Dockerfile`);
  return readFileSync(file, 'utf8')
    .replace(/\\\r?\n/g, ' ')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
}

const kustomizations = yamlFiles.filter((file) => path.basename(file) === 'kustomization.yaml');

describe('deploy/ manifests', () => {
  it('parses at least one Deployment per service', () => {
    const deployments = manifests.filter(({ manifest }) => manifest['kind'] === 'Deployment');
    expect(deployments.map(({ manifest }): unknown => manifest['metadata'].name).sort()).toEqual(
      SERVICES.map((service) => service.name).sort(),
    );
  });

  it('commits no Secret with literal data', () => {
    const secrets = manifests.filter(
      ({ manifest }) =>
        manifest['kind'] === 'Secret' &&
        (manifest['data'] !== undefined || manifest['stringData'] !== undefined),
    );
    expect(secrets.map(({ file }) => relative(file))).toEqual([]);
  });

  it('generates no Secret from literals in any kustomization', () => {
    const withLiterals = manifests.filter(({ manifest }) =>
      (manifest['secretGenerator'] ?? []).some((generator: Manifest) =>
        Boolean(generator['literals']?.length),
      ),
    );
    expect(withLiterals.map(({ file }) => relative(file))).toEqual([]);
  });

  describe.each(kustomizations.map((file) => [relative(file), file]))('%s', (_name, file) => {
    const kustomization = manifests.find((loaded) => loaded.file === file)?.manifest ?? {};

    it('lists only resources that exist on disk (files, or folders with a kustomization.yaml)', () => {
      const resources: string[] = kustomization['resources'] ?? [];
      expect(resources.length).toBeGreaterThan(0);
      const missing = resources.filter((resource) => {
        const target = path.resolve(path.dirname(file), resource);
        if (!existsSync(target)) return true;
        return statSync(target).isDirectory() && !existsSync(path.join(target, 'kustomization.yaml'));
      });
      expect(missing).toEqual([]);
    });

    it('refers only to patch files that exist on disk', () => {
      const patches: Manifest[] = kustomization['patches'] ?? [];
      const missing = patches
        .filter((patch) => typeof patch['path'] === 'string')
        .filter((patch) => !existsSync(path.resolve(path.dirname(file), patch['path'] as string)));
      expect(missing).toEqual([]);
    });
  });

  it('lists every service in deploy/base/kustomization.yaml', () => {
    const base = manifests.find(({ file }) => file === path.join(deployDir, 'base', 'kustomization.yaml'));
    expect(base?.manifest['resources']).toEqual(
      expect.arrayContaining(SERVICES.map((service) => service.name)),
    );
  });

  it('gives render-service an autoscaling/v2 HPA on its Deployment (CPU, min 2)', () => {
    const hpa = baseManifest('render-service', 'HorizontalPodAutoscaler');
    expect(hpa['apiVersion']).toBe('autoscaling/v2');
    expect(hpa['spec'].scaleTargetRef).toEqual({
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      name: baseManifest('render-service', 'Deployment')['metadata'].name,
    });
    expect(hpa['spec'].minReplicas).toBeGreaterThanOrEqual(2);
    expect(hpa['spec'].maxReplicas).toBeGreaterThan(hpa['spec'].minReplicas);
    expect(hpa['spec'].metrics).toContainEqual(
      expect.objectContaining({
        type: 'Resource',
        resource: expect.objectContaining({ name: 'cpu' }),
      }),
    );
    const hpaFile = path.join(deployDir, 'base', 'render-service', 'hpa.yaml');
    const kustomization = manifests.find(
      ({ file }) => file === path.join(deployDir, 'base', 'render-service', 'kustomization.yaml'),
    );
    expect(kustomization?.manifest['resources']).toContain(path.basename(hpaFile));
  });

  it('leaves the replica count of render-service to its HPA', () => {
    expect(baseManifest('render-service', 'Deployment')['spec'].replicas).toBeUndefined();
  });
});

describe.each(SERVICES)('$name', ({ name, short, secretKeys }) => {
  const port = appDefaultPort(name, short);
  const deployment = baseManifest(name, 'Deployment');
  const container = containerOf(deployment, name);
  const podLabels: Record<string, string> = deployment['spec'].template.metadata.labels;

  describe('Deployment', () => {
    it(`exposes the app's default port as the container port named http`, () => {
      expect(container['ports']).toContainEqual(
        expect.objectContaining({ name: 'http', containerPort: port }),
      );
    });

    it('sets the same PORT in its ConfigMap, which the container loads', () => {
      const configMap = baseManifest(name, 'ConfigMap', `${name}-config`);
      expect(configMap['data'].PORT).toBe(String(port));
      expect(configMap['data'].NODE_ENV).toBe('production');
      expect(container['envFrom']).toContainEqual({ configMapRef: { name: `${name}-config` } });
    });

    it.each([
      ['livenessProbe', '/health/live'],
      ['readinessProbe', '/health/ready'],
      ['startupProbe', '/health/live'],
    ])('%s calls %s on the container port', (probe, probePath) => {
      const httpGet = container[probe]?.httpGet;
      expect(httpGet?.path).toBe(probePath);
      expect(resolvePort(container, httpGet?.port)).toBe(port);
    });

    it(`runs the image portal/${name}`, () => {
      expect(imageName(container['image'])).toBe(`portal/${name}`);
    });

    it(`reads ${secretKeys.join(', ')} from the Secret ${name}-secrets`, () => {
      const fromSecret = (container['env'] ?? [])
        .filter((variable: Manifest) => variable['valueFrom']?.secretKeyRef?.name === `${name}-secrets`)
        .map((variable: Manifest) => {
          expect(variable['valueFrom'].secretKeyRef.key).toBe(variable['name']);
          return variable['name'] as string;
        });
      expect(fromSecret.sort()).toEqual([...secretKeys].sort());
      const inlined = (container['env'] ?? []).filter(
        (variable: Manifest) => secretKeys.includes(variable['name']) && 'value' in variable,
      );
      expect(inlined).toEqual([]);
      const configMap = baseManifest(name, 'ConfigMap', `${name}-config`);
      expect(Object.keys(configMap['data']).filter((key) => secretKeys.includes(key as never))).toEqual([]);
    });

    it('runs as non-root with a read-only root filesystem and a writable /tmp', () => {
      const podSecurity = deployment['spec'].template.spec.securityContext ?? {};
      expect(podSecurity.runAsNonRoot ?? container['securityContext']?.runAsNonRoot).toBe(true);
      expect(container['securityContext']).toEqual(
        expect.objectContaining({ readOnlyRootFilesystem: true, allowPrivilegeEscalation: false }),
      );
      const tmpMount = (container['volumeMounts'] ?? []).find(
        (mount: Manifest) => mount['mountPath'] === '/tmp',
      );
      const volume = (deployment['spec'].template.spec.volumes ?? []).find(
        (candidate: Manifest) => candidate['name'] === tmpMount?.name,
      );
      expect(volume?.emptyDir).toBeDefined();
    });

    it('sets resource requests and limits', () => {
      for (const kind of ['requests', 'limits']) {
        expect(container['resources']?.[kind]).toEqual(
          expect.objectContaining({ cpu: expect.anything(), memory: expect.anything() }),
        );
      }
    });

    it("gives Node a heap budget of half the container's memory limit (tools/service-process.js)", () => {
      const limit = /^(\d+)(Mi|Gi)$/.exec(String(container['resources']?.limits?.memory));
      if (!limit)
        throw new Error(`memory limit ${container['resources']?.limits?.memory} is not in Mi or Gi`);
      const limitMb = Number(limit[1]) * (limit[2] === 'Gi' ? 1024 : 1);
      expect(HEAP_BUDGET_MB[name]).toBeLessThanOrEqual(limitMb / 2);
    });

    it('rolls out one new pod at a time without taking an old one down first', () => {
      expect(deployment['spec'].strategy?.rollingUpdate).toEqual({ maxUnavailable: 0, maxSurge: 1 });
    });

    it('selects its own pod template', () => {
      expect(selects(deployment['spec'].selector?.matchLabels, podLabels)).toBe(true);
      expect(podLabels['app.kubernetes.io/name']).toBe(name);
    });
  });

  describe('Service and PodDisruptionBudget', () => {
    it('routes ClusterIP port 80 to the container port', () => {
      const service = baseManifest(name, 'Service');
      expect(service['spec'].type ?? 'ClusterIP').toBe('ClusterIP');
      const [servicePort] = service['spec'].ports;
      expect(servicePort.port).toBe(80);
      expect(resolvePort(container, servicePort.targetPort)).toBe(port);
      expect(selects(service['spec'].selector, podLabels)).toBe(true);
    });

    it('has a PodDisruptionBudget on its pods', () => {
      const pdb = baseManifest(name, 'PodDisruptionBudget');
      expect(pdb['spec'].minAvailable ?? pdb['spec'].maxUnavailable).toBe(1);
      expect(selects(pdb['spec'].selector?.matchLabels, podLabels)).toBe(true);
    });
  });

  describe('example overlay', () => {
    it(`sets the tag of the image portal/${name} under images:`, () => {
      const overlay = manifests.find(
        ({ file }) => file === path.join(deployDir, 'overlays', 'example', 'kustomization.yaml'),
      );
      const images: Manifest[] = overlay?.manifest['images'] ?? [];
      const entry = images.find((image) => image['name'] === imageName(container['image']));
      expect(entry).toEqual(expect.objectContaining({ name: `portal/${name}` }));
      expect(entry?.newTag ?? entry?.digest).toEqual(expect.any(String));
    });
  });

  describe(`docker/${name}.Dockerfile`, () => {
    const lines = dockerfileLines(name);

    it('builds on node:20-bookworm-slim in two stages', () => {
      const stages = lines.filter((line) => /^FROM\s/i.test(line));
      expect(stages).toHaveLength(2);
      for (const stage of stages) expect(stage).toMatch(/^FROM\s+node:20-bookworm-slim\b/);
    });

    it('installs production dependencies without optional ones and builds with tools/build.js', () => {
      expect(lines.some((line) => /^RUN\s.*npm ci --omit=dev --omit=optional\b/.test(line))).toBe(true);
      expect(lines.some((line) => /^RUN\s.*node tools\/build\.js\b/.test(line))).toBe(true);
    });

    it(`starts dist/apps/${name}/src/main.js with its heap budget, built from an existing source`, () => {
      const cmd = lines.filter((line) => /^CMD\s/i.test(line)).at(-1) ?? '';
      const argv = JSON.parse(cmd.replace(/^CMD\s+/i, '')) as string[];
      expect(argv).toEqual(['node', ...nodeArgsOf(name), mainOf(name)]);
      expect(existsSync(path.join(root, 'apps', name, 'src', 'main.ts'))).toBe(true);
    });

    it(`is started by \`npm run start:${short}\` as the image starts it`, () => {
      const scripts = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).scripts;
      expect(scripts[`start:${short}`]).toBe(['node', ...nodeArgsOf(name), mainOf(name)].join(' '));
    });

    it(`exposes the app's port (${port}) and sets it as PORT`, () => {
      const exposed = lines
        .filter((line) => /^EXPOSE\s/i.test(line))
        .flatMap((line) => line.split(/\s+/).slice(1))
        .map((value) => Number(value.replace(/\/tcp$/, '')));
      expect(exposed).toEqual([port]);
      expect(lines.some((line) => new RegExp(`^ENV\\s.*\\bPORT=${port}\\b`).test(line))).toBe(true);
    });

    it('runs as the node user with a HEALTHCHECK on /health/live', () => {
      expect(lines.filter((line) => /^USER\s/i.test(line)).at(-1)).toBe('USER node');
      const healthcheck = lines.find((line) => /^HEALTHCHECK\s/i.test(line));
      expect(healthcheck).toContain('http://127.0.0.1:');
      expect(healthcheck).toContain('/health/live');
    });
  });
});
