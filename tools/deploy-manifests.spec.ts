// Keeps docker/ and deploy/ consistent with the apps: ports, probes, images, entry points, references.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import { loadAll } from 'js-yaml';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { dockerfileLines, imageStart } = require('./dockerfile') as {
  dockerfileLines: () => string[];
  imageStart: () => { workdir: string; env: Record<string, string>; user: string; argv: string[] };
};
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { mainFileOf } = require('./image-files') as { mainFileOf: (service: string) => string };

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

const kustomizations = yamlFiles.filter((file) => path.basename(file) === 'kustomization.yaml');

describe('deploy/ manifests', () => {
  it('parses one Deployment per service in deploy/base', () => {
    const deployments = manifests.filter(
      ({ file, manifest }) =>
        file.startsWith(path.join(deployDir, 'base') + path.sep) && manifest['kind'] === 'Deployment',
    );
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

  it.each(SERVICES.map((service) => service.name))(
    'gives %s an autoscaling/v2 HPA on its Deployment (CPU, min 2), which owns its replica count',
    (service) => {
      const hpa = baseManifest(service, 'HorizontalPodAutoscaler');
      expect(hpa['apiVersion']).toBe('autoscaling/v2');
      expect(hpa['spec'].scaleTargetRef).toEqual({
        apiVersion: 'apps/v1',
        kind: 'Deployment',
        name: baseManifest(service, 'Deployment')['metadata'].name,
      });
      expect(hpa['spec'].minReplicas).toBeGreaterThanOrEqual(2);
      expect(hpa['spec'].maxReplicas).toBeGreaterThan(hpa['spec'].minReplicas);
      expect(hpa['spec'].metrics).toContainEqual(
        expect.objectContaining({
          type: 'Resource',
          resource: expect.objectContaining({ name: 'cpu' }),
        }),
      );
      expect(baseManifest(service, 'Deployment')['spec'].replicas).toBeUndefined();
    },
  );
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

    it("leaves the memory limit to runtime.env's MEMORY_LIMIT (kustomize replaces a placeholder)", () => {
      expect(container['resources'].limits.memory).toBe('MEMORY_LIMIT-from-runtime.env');
    });

    it('sleeps in preStop, then drains, within terminationGracePeriodSeconds and 5 s to spare', () => {
      const preStopSeconds = container['lifecycle']?.preStop?.sleep?.seconds;
      expect(preStopSeconds).toBeGreaterThanOrEqual(5);
      const configMap = baseManifest(name, 'ConfigMap', `${name}-config`);
      const graceSeconds = Number(configMap['data'].SHUTDOWN_GRACE_MS) / 1000;
      expect(graceSeconds).toBeGreaterThan(0);
      expect(deployment['spec'].template.spec.terminationGracePeriodSeconds).toBeGreaterThanOrEqual(
        preStopSeconds + graceSeconds + 5,
      );
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

    it('has a PodDisruptionBudget on its pods that lets one go at a time', () => {
      const pdb = baseManifest(name, 'PodDisruptionBudget');
      expect(pdb['spec'].maxUnavailable).toBe(1);
      expect(pdb['spec'].minAvailable).toBeUndefined();
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

  describe('docker/Dockerfile', () => {
    it(`starts apps/${name}/src/main.ts, compiled, as the Deployment's user`, () => {
      expect(mainFileOf(name)).toBe(`require('./dist/apps/${name}/src/main.js');\n`);
      expect(existsSync(path.join(root, 'apps', name, 'src', 'main.ts'))).toBe(true);
      expect(String(deployment['spec'].template.spec.securityContext.runAsUser)).toBe(imageStart().user);
    });
  });
});

describe('docker/Dockerfile', () => {
  const lines = dockerfileLines();
  const runtimeStage = lines.slice(lines.findLastIndex((line) => /^FROM\s/i.test(line)));

  it('is the one image recipe in docker/', () => {
    expect(readdirSync(path.join(root, 'docker')).sort()).toEqual(['Dockerfile', 'README.md']);
  });

  it('builds on node:<NODE_VERSION>-bookworm-slim in two stages, NODE_VERSION as .nvmrc names it', () => {
    const nvmrc = readFileSync(path.join(root, '.nvmrc'), 'utf8').trim();
    expect(lines[0]).toBe(`ARG NODE_VERSION=${nvmrc}`);
    const stages = lines.filter((line) => /^FROM\s/i.test(line));
    expect(stages).toEqual([
      'FROM node:${NODE_VERSION}-bookworm-slim AS build',
      'FROM node:${NODE_VERSION}-bookworm-slim',
    ]);
  });

  it("copies to the image exactly the service's files that tools/image-files.js makes", () => {
    const buildStage = lines.slice(0, lines.length - runtimeStage.length);
    expect(buildStage).toContain('ARG SERVICE');
    expect(buildStage).toContain('RUN node tools/image-files.js "$SERVICE" /image');
    expect(runtimeStage.filter((line) => /^(COPY|ADD)\s/i.test(line))).toEqual([
      `COPY --from=build /image ${imageStart().workdir}`,
    ]);
  });

  it('leaves no package manager in the image, and runs none there', () => {
    const removal = runtimeStage.find((line) => /^RUN\s.*\brm -rf\b/.test(line)) ?? '';
    for (const file of ['/usr/local/bin/npm', '/usr/local/bin/npx', '/usr/local/bin/corepack']) {
      expect(removal).toContain(file);
    }
    expect(removal).toContain('/usr/local/lib/node_modules');
    const others = runtimeStage.filter((line) => /^RUN\s/i.test(line) && line !== removal);
    expect(others.filter((line) => /\b(npm|npx|corepack|yarn)\b/.test(line))).toEqual([]);
  });

  it('runs in production as uid 1000, its files owned by root (read-only for it)', () => {
    const start = imageStart();
    expect(start.env['NODE_ENV']).toBe('production');
    expect(start.user).toBe('1000');
    expect(runtimeStage.filter((line) => /--chown|\bchown\b|\bchmod\b/.test(line))).toEqual([]);
  });
});

// ---- What a platform team reads: the base and every overlay as `kubectl kustomize` renders them,
// alone and with each component (deploy/README.md says why each property holds).

const overlays = readdirSync(path.join(deployDir, 'overlays')).map((overlay) => `deploy/overlays/${overlay}`);
const components = readdirSync(path.join(deployDir, 'components')).map(
  (component) => `deploy/components/${component}`,
);

/** `kubectl kustomize` of `folder`, with `withComponents` added as an overlay that copies it would. */
function kustomize(folder: string, withComponents: readonly string[]): Manifest[] {
  let target = path.join(root, folder);
  let scratch: string | undefined;
  if (withComponents.length > 0) {
    // Kustomize takes only relative paths: a kustomization beside the others, removed after.
    scratch = mkdtempSync(path.join(deployDir, '.rendered-'));
    const kustomization = manifests.find(
      (loaded) => loaded.file === path.join(root, folder, 'kustomization.yaml'),
    )?.manifest;
    const relativeTo = (other: string): string => path.relative(scratch ?? '', path.join(root, other));
    const wrapper = [
      'apiVersion: kustomize.config.k8s.io/v1beta1',
      'kind: Kustomization',
      ...(kustomization?.['namespace'] ? [`namespace: ${String(kustomization['namespace'])}`] : []),
      'resources:',
      `  - ${relativeTo(folder)}`,
      'components:',
      ...withComponents.map((component) => `  - ${relativeTo(component)}`),
    ];
    writeFileSync(path.join(scratch, 'kustomization.yaml'), `${wrapper.join('\n')}\n`);
    target = scratch;
  }
  try {
    const yaml = execFileSync('kubectl', ['kustomize', target], { encoding: 'utf8' });
    return loadAll(yaml).filter(
      (document): document is Manifest => typeof document === 'object' && document !== null,
    );
  } finally {
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  }
}

/** A label selector (matchLabels and matchExpressions) against a pod's labels. */
function selectorMatches(selector: Manifest | undefined, labels: Record<string, string>): boolean {
  if (!selector) return false;
  const matchLabels: Record<string, string> = selector['matchLabels'] ?? {};
  const expressions: Manifest[] = selector['matchExpressions'] ?? [];
  if (Object.keys(matchLabels).length === 0 && expressions.length === 0) return true;
  return (
    Object.entries(matchLabels).every(([key, value]) => labels[key] === value) &&
    expressions.every((expression) => {
      const value = labels[expression['key']];
      const values: string[] = expression['values'] ?? [];
      switch (expression['operator']) {
        case 'In':
          return value !== undefined && values.includes(value);
        case 'NotIn':
          return value === undefined || !values.includes(value);
        case 'Exists':
          return value !== undefined;
        default:
          return value === undefined;
      }
    })
  );
}

/** The value of a `<service>-config` ConfigMap entry in a rendering. */
function configValue(rendered: Manifest[], service: string, key: string): string | undefined {
  return rendered.find(
    (manifest) => manifest['kind'] === 'ConfigMap' && manifest['metadata'].name === `${service}-config`,
  )?.['data']?.[key];
}

/** The connections a migration takes (libs/database), which the budget counts for each Job. */
function migrationPoolSize(): number {
  const source = readFileSync(path.join(root, 'libs/database/src/data-source-options.ts'), 'utf8');
  const match = /export const MIGRATION_POOL_SIZE = (\d+);/.exec(source);
  if (!match) throw new Error('no MIGRATION_POOL_SIZE in libs/database/src/data-source-options.ts');
  return Number(match[1]);
}

/** PostgreSQL's default max_connections less superuser_reserved_connections (its default 3). */
const CONNECTIONS_AVAILABLE = 100 - 3;
const PLACEHOLDER_NETWORK = /^192\.0\.2\./;
/** Ranges that hold every pod of a cluster, which TRUSTED_PROXIES must never name by default. */
const PRIVATE_RANGES = [
  'loopback',
  'linklocal',
  'uniquelocal',
  '10.0.0.0/8',
  '172.16.0.0/12',
  '192.168.0.0/16',
];

const renderings = [
  ['deploy/base', []],
  ...overlays.flatMap((overlay): [string, string[]][] => [
    [overlay, []],
    ...components.map((component): [string, string[]] => [overlay, [component]]),
    [overlay, components],
  ]),
] as [string, string[]][];

describe.each(
  renderings.map(
    ([folder, added]) => [added.length ? `${folder} + ${added.join(' + ')}` : folder, folder, added] as const,
  ),
)('kubectl kustomize %s', (_name, folder, added) => {
  const rendered = kustomize(folder, added);
  const isOverlay = folder.startsWith('deploy/overlays/');
  const ofKind = (kind: string): Manifest[] => rendered.filter((manifest) => manifest['kind'] === kind);
  const policiesOf = (labels: Record<string, string>): Manifest[] =>
    ofKind('NetworkPolicy').filter((policy) => selectorMatches(policy['spec'].podSelector, labels));
  const egressOf = (labels: Record<string, string>): Manifest[] =>
    policiesOf(labels).flatMap((policy) => policy['spec'].egress ?? []);
  const portsOf = (rule: Manifest): string[] =>
    (rule['ports'] ?? []).map(
      (port: Manifest) => `${String(port['port'])}/${String(port['protocol'] ?? 'TCP')}`,
    );

  it('holds no Namespace (kubectl delete -k must not delete the Secrets with it)', () => {
    expect(ofKind('Namespace')).toEqual([]);
  });

  it('gives every Deployment a NetworkPolicy of both directions that selects its pods', () => {
    for (const deployment of ofKind('Deployment')) {
      const labels = deployment['spec'].template.metadata.labels;
      const types = policiesOf(labels).flatMap((policy) => policy['spec'].policyTypes ?? []);
      expect({ deployment: deployment['metadata'].name, types: [...new Set(types)].sort() }).toEqual({
        deployment: deployment['metadata'].name,
        types: ['Egress', 'Ingress'],
      });
    }
  });

  it('lets a pod of the portal connect to nothing a rule does not name (no rule without "to"/"from")', () => {
    for (const policy of ofKind('NetworkPolicy')) {
      for (const rule of policy['spec'].egress ?? []) expect(rule['to']?.length).toBeGreaterThan(0);
      for (const rule of policy['spec'].ingress ?? []) expect(rule['from']?.length).toBeGreaterThan(0);
      for (const peer of (policy['spec'].egress ?? []).flatMap((rule: Manifest) => rule['to']))
        expect(peer['ipBlock']?.cidr).not.toBe('0.0.0.0/0');
    }
  });

  if (isOverlay) {
    it('sets the addresses of the database and Redis (no placeholder of the base left)', () => {
      const cidrs = ofKind('NetworkPolicy').flatMap((policy) =>
        (policy['spec'].egress ?? []).flatMap((rule: Manifest) =>
          rule['to']
            .filter((peer: Manifest) => peer['ipBlock'])
            .map((peer: Manifest) => peer['ipBlock'].cidr),
        ),
      );
      expect(cidrs.filter((cidr: string) => PLACEHOLDER_NETWORK.test(cidr))).toEqual([]);
    });
  }

  const budget: string[] = [];
  let connections = 0;

  describe.each(SERVICES)('$name', ({ name }) => {
    const deployment = rendered.find(
      (manifest) => manifest['kind'] === 'Deployment' && manifest['metadata'].name === name,
    );
    const podSpec: Manifest = deployment?.['spec'].template.spec ?? {};
    const labels: Record<string, string> = deployment?.['spec'].template.metadata.labels ?? {};
    const container = containerOf(deployment ?? {}, name);
    const port = container['ports'][0].containerPort as number;
    const job = rendered.find(
      (manifest) => manifest['kind'] === 'Job' && manifest['metadata'].name === `${name}-migrate`,
    );

    it('admits only the ingress controller and monitoring namespaces (config: and render pods) to its port', () => {
      const ingress = policiesOf(labels).flatMap((policy) => policy['spec'].ingress ?? []);
      // Namespaces by the name an overlay sets (kubernetes.io/metadata.name), one each, no pod
      // selector that would widen them; pods of this namespace only where the contract calls.
      const peers = ingress.flatMap((rule: Manifest) =>
        rule['from'].map((peer: Manifest) => {
          if (!peer['namespaceSelector'])
            return `pods ${String(peer['podSelector']?.matchLabels?.['app.kubernetes.io/name'])}`;
          const named = peer['namespaceSelector'].matchLabels?.['kubernetes.io/metadata.name'];
          const only = Object.keys(peer['namespaceSelector']).length === 1 && !peer['podSelector'];
          return `namespace ${typeof named === 'string' && named !== '' && only ? 'by name' : 'too wide'}`;
        }),
      );
      expect(peers.sort()).toEqual(
        [
          'namespace by name',
          'namespace by name',
          ...(name === 'config-service' ? ['pods render-service'] : []),
        ].sort(),
      );
      if (!isOverlay) {
        const names = ingress.flatMap((rule: Manifest) =>
          rule['from'].map(
            (peer: Manifest) => peer['namespaceSelector']?.matchLabels?.['kubernetes.io/metadata.name'],
          ),
        );
        expect(names.filter(Boolean).sort()).toEqual(['ingress-nginx', 'monitoring']);
      }
      for (const rule of ingress)
        for (const rulePort of rule['ports'] ?? [])
          expect(resolvePort(container, rulePort['port'])).toBe(port);
    });

    it('connects only to DNS, its database, Redis (render: and config-service)', () => {
      // An address outside the cluster only in the database's and Redis's policies (an overlay sets
      // address and port), one port each.
      const destinations = policiesOf(labels).flatMap((policy) =>
        (policy['spec'].egress ?? []).flatMap((rule: Manifest) =>
          rule['to'].map((peer: Manifest) => {
            if (peer['ipBlock'])
              return `${String(policy['metadata'].name)}: ipBlock, ${String(rule['ports']?.length)} port`;
            const pods = peer['podSelector']?.matchLabels ?? {};
            const namespace = peer['namespaceSelector']?.matchLabels?.['kubernetes.io/metadata.name'];
            return `${namespace ? `${String(namespace)} ` : ''}${String(pods['k8s-app'] ?? pods['app.kubernetes.io/name'])} ${portsOf(rule).join(',')}`;
          }),
        ),
      );
      const redis = added.some((component) => component.endsWith('redis-test'))
        ? 'redis 6379/TCP'
        : 'citizen-portal-redis: ipBlock, 1 port';
      expect(destinations.sort()).toEqual(
        [
          'kube-system kube-dns 53/UDP,53/TCP',
          `${name}-database: ipBlock, 1 port`,
          redis,
          ...(name === 'render-service' ? ['config-service 3001/TCP'] : []),
        ].sort(),
      );
      if (!isOverlay) {
        const ports = egressOf(labels)
          .filter((rule: Manifest) => rule['to'].some((peer: Manifest) => peer['ipBlock']))
          .flatMap(portsOf);
        expect(ports.sort()).toEqual(['5432/TCP', '6379/TCP']);
      }
      if (name === 'render-service') {
        const config = rendered.find(
          (manifest) => manifest['kind'] === 'Deployment' && manifest['metadata'].name === 'config-service',
        );
        expect(containerOf(config ?? {}, 'config-service')['ports'][0].containerPort).toBe(3001);
      }
    });

    it('spreads its pods over nodes (required) and zones (where possible)', () => {
      const constraints: Manifest[] = podSpec['topologySpreadConstraints'] ?? [];
      const byKey = Object.fromEntries(
        constraints.map((constraint) => [constraint['topologyKey'], constraint]),
      );
      expect(byKey['kubernetes.io/hostname']).toMatchObject({
        maxSkew: 1,
        whenUnsatisfiable: 'DoNotSchedule',
      });
      expect(byKey['topology.kubernetes.io/zone']).toMatchObject({
        maxSkew: 1,
        whenUnsatisfiable: 'ScheduleAnyway',
      });
      for (const constraint of constraints)
        expect(selectorMatches(constraint['labelSelector'], labels)).toBe(true);
    });

    it('has a PodDisruptionBudget of maxUnavailable 1 on its pods', () => {
      const pdbs = ofKind('PodDisruptionBudget').filter((pdb) =>
        selectorMatches(pdb['spec'].selector, labels),
      );
      expect(pdbs.map((pdb) => pdb['spec'])).toEqual([expect.objectContaining({ maxUnavailable: 1 })]);
      expect(pdbs[0]['spec'].minAvailable).toBeUndefined();
    });

    it("probes readiness on /health/ready, the pod's own state (not the database, which /health reports)", () => {
      expect(container['readinessProbe']?.httpGet?.path).toBe('/health/ready');
      expect(container['livenessProbe']?.httpGet?.path).toBe('/health/live');
    });

    it('has one autoscaler, which owns its replica count (render: its queue depth with the KEDA component)', () => {
      const hpas = ofKind('HorizontalPodAutoscaler').filter(
        (hpa) => hpa['spec'].scaleTargetRef.kind === 'Deployment' && hpa['spec'].scaleTargetRef.name === name,
      );
      const scaledObjects = ofKind('ScaledObject').filter(
        (scaled) => scaled['spec'].scaleTargetRef.name === name,
      );
      expect(hpas.length + scaledObjects.length).toBe(1);
      expect(deployment?.['spec'].replicas).toBeUndefined();
      const queueAutoscaling =
        name === 'render-service' &&
        added.some((component) => component.endsWith('render-queue-autoscaling'));
      expect(scaledObjects).toHaveLength(queueAutoscaling ? 1 : 0);
      if (hpas.length === 1) {
        expect(hpas[0]['spec'].metrics).toContainEqual(
          expect.objectContaining({ type: 'Resource', resource: expect.objectContaining({ name: 'cpu' }) }),
        );
      } else {
        const triggers: Manifest[] = scaledObjects[0]['spec'].triggers;
        expect(triggers.map((trigger) => trigger['type']).sort()).toEqual(['cpu', 'prometheus']);
        const query: string = triggers.find((trigger) => trigger['type'] === 'prometheus')?.['metadata']
          .query;
        const [metric] = /[a-z_]+/.exec(query.replace(/^\w+\(/, '')) ?? [];
        const gauges = readFileSync(path.join(root, 'apps/render-service/src/jobs/job-queues.ts'), 'utf8');
        expect(gauges).toContain(`name: '${metric}'`);
        expect(query).toContain(`namespace="${String(deployment?.['metadata'].namespace ?? 'portal')}"`);
      }
    });

    it('runs its migrations as a Job with the schema owner, its pods with the runtime user', () => {
      expect(configValue(rendered, name, 'MIGRATIONS_RUN')).toBe('false');
      const secretOf = (env: Manifest[] | undefined): unknown =>
        (env ?? []).find((variable) => variable['name'] === 'DATABASE_URL')?.['valueFrom']?.secretKeyRef;
      expect(secretOf(container['env'])).toEqual({ name: `${name}-secrets`, key: 'DATABASE_URL' });
      const [migrate] = job?.['spec'].template.spec.containers ?? [];
      expect(secretOf(migrate?.env)).toEqual({ name: `${name}-migration-secrets`, key: 'DATABASE_URL' });
      // Only the database: the Job holds none of the service's other secrets.
      expect(migrate.env).toHaveLength(1);
      expect(migrate.image).toBe(container['image']);
      expect(migrate.command).toEqual([...imageStart().argv, 'migrate']);
      expect(job?.['spec'].template.spec.restartPolicy).toBe('Never');
      // Its pods are no endpoints of the Service, and have a policy of their own.
      const jobLabels: Record<string, string> = job?.['spec'].template.metadata.labels ?? {};
      const service = rendered.find(
        (manifest) => manifest['kind'] === 'Service' && manifest['metadata'].name === name,
      );
      expect(selects(service?.['spec'].selector, jobLabels)).toBe(false);
      const types = policiesOf(jobLabels).flatMap((policy) => policy['spec'].policyTypes);
      expect([...new Set(types)].sort()).toEqual(['Egress', 'Ingress']);
      expect(policiesOf(jobLabels).flatMap((policy) => policy['spec'].ingress ?? [])).toEqual([]);
      // DNS and its database alone.
      const egressPolicies = policiesOf(jobLabels).filter(
        (policy) => (policy['spec'].egress ?? []).length > 0,
      );
      expect(egressPolicies.map((policy) => policy['metadata'].name).sort()).toEqual(
        ['citizen-portal-dns', `${name}-database`].sort(),
      );
      expect(egressOf(jobLabels)).toHaveLength(2);
    });

    it('believes X-Forwarded-For from no private range (base: none; overlays: the ingress controller)', () => {
      const proxies = (configValue(rendered, name, 'TRUSTED_PROXIES') ?? '')
        .split(',')
        .map((proxy) => proxy.trim())
        .filter(Boolean);
      if (!isOverlay) expect(proxies).toEqual([]);
      expect(proxies.filter((proxy) => PRIVATE_RANGES.includes(proxy))).toEqual([]);
    });

    it('counts its connections at the most replicas, one more while it rolls out, and its Job', () => {
      const pool = Number(configValue(rendered, name, 'DATABASE_POOL_SIZE'));
      expect(pool).toBeGreaterThanOrEqual(1);
      const hpa = ofKind('HorizontalPodAutoscaler').find(
        (candidate) => candidate['spec'].scaleTargetRef.name === name,
      );
      const scaled = ofKind('ScaledObject').find(
        (candidate) => candidate['spec'].scaleTargetRef.name === name,
      );
      const maxReplicas = Number(hpa?.['spec'].maxReplicas ?? scaled?.['spec'].maxReplicaCount);
      const surge = Number(deployment?.['spec'].strategy.rollingUpdate.maxSurge);
      const jobs = Number(job?.['spec'].parallelism ?? 1);
      const total = (maxReplicas + surge) * pool + jobs * migrationPoolSize();
      budget.push(
        `${name} (${maxReplicas} + ${surge}) x ${pool} + ${jobs} x ${migrationPoolSize()} = ${total}`,
      );
      connections += total;
    });
  });

  it(`keeps the connections of all three within max_connections (100, less 3 reserved)`, () => {
    expect(budget).toHaveLength(SERVICES.length);
    expect({ budget, connections }).toEqual({ budget, connections: expect.any(Number) });
    expect(connections).toBeLessThanOrEqual(CONNECTIONS_AVAILABLE);
  });
});
