import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Deployment } from 'kubernetes-models/apps/v1';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import { Job } from 'kubernetes-models/batch/v1';
import { ConfigMap, Secret, Service } from 'kubernetes-models/v1';
import { Ingress } from 'kubernetes-models/networking.k8s.io/v1';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import { parseAllDocuments } from 'yaml';
import { describe, expect, it } from 'vitest';

// Every manifest is validated against the Kubernetes OpenAPI schemas shipped in `kubernetes-models` (no download).
const here = path.dirname(fileURLToPath(import.meta.url));
const deployDir = path.resolve(here, '..');
const repoRoot = path.resolve(deployDir, '../..');
const k8sDir = path.join(deployDir, 'k8s');

type Manifest = {
  apiVersion: string;
  kind: string;
  metadata: { name: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  spec?: Record<string, unknown>;
  [key: string]: unknown;
};
type Model = { validate(): void };
const MODELS: Record<string, new (data: never) => Model> = {
  'apps/v1/Deployment': Deployment,
  'autoscaling/v2/HorizontalPodAutoscaler': HorizontalPodAutoscaler,
  'batch/v1/Job': Job,
  'v1/ConfigMap': ConfigMap,
  'v1/Secret': Secret,
  'v1/Service': Service,
  'networking.k8s.io/v1/Ingress': Ingress,
  'policy/v1/PodDisruptionBudget': PodDisruptionBudget,
};

function loadManifests(): { file: string; doc: Manifest }[] {
  const all: { file: string; doc: Manifest }[] = [];
  for (const file of readdirSync(k8sDir).filter((name) => name.endsWith('.yaml'))) {
    for (const document of parseAllDocuments(readFileSync(path.join(k8sDir, file), 'utf8'))) {
      if ('errors' in document && document.errors.length > 0)
        throw new Error(`${file}: ${document.errors[0]}`);
      const doc = document.toJS() as Manifest | null;
      if (doc) all.push({ file, doc });
    }
  }
  return all;
}

function validate(doc: Manifest): void {
  const Model = MODELS[`${doc.apiVersion}/${doc.kind}`];
  if (!Model) throw new Error(`no schema for ${doc.apiVersion} ${doc.kind}`);
  new Model(doc as never).validate();
}

const manifests = loadManifests();
const byKind = (kind: string) => manifests.map((m) => m.doc).filter((doc) => doc.kind === kind);
const named = (kind: string, name: string) => {
  const found = byKind(kind).find((doc) => doc.metadata.name === name);
  if (!found) throw new Error(`no ${kind} ${name}`);
  return found;
};
type Container = {
  name: string;
  command: string[];
  readinessProbe?: { httpGet?: { path: string; port: string } };
  livenessProbe?: { httpGet?: { path: string; port: string } };
  ports?: { name: string }[];
  envFrom?: { configMapRef?: { name: string }; secretRef?: { name: string } }[];
};
const containersOf = (doc: Manifest): Container[] =>
  ((doc.spec as { template: { spec: { containers: Container[] } } }).template.spec.containers ??
    []) as Container[];

describe('Kubernetes manifests (infra/deploy/k8s)', () => {
  it('should validate every document against the Kubernetes schemas', () => {
    expect(manifests.length).toBeGreaterThanOrEqual(12);
    for (const { file, doc } of manifests) expect(() => validate(doc), `${file} ${doc.kind}`).not.toThrow();
  });

  it('should fail validation for a broken document (the validator is live)', () => {
    const api = structuredClone(named('Deployment', 'companion-api'));
    (api.spec as { replicas: unknown }).replicas = 'two';
    expect(() => validate(api)).toThrow(/replicas must be integer/);
    const ingress = structuredClone(named('Ingress', 'companion'));
    (
      ingress.spec as { rules: { http: { paths: { pathType: unknown }[] } }[] }
    ).rules[0]!.http.paths[0]!.pathType = undefined;
    expect(() => validate(ingress)).toThrow(/pathType/);
  });

  it('should run the API and the origin with readiness and liveness on their health endpoints', () => {
    const expected = { 'companion-api': '/api/health', 'companion-origin': '/registry.json' };
    for (const [name, health] of Object.entries(expected)) {
      const [container] = containersOf(named('Deployment', name));
      expect(container?.readinessProbe?.httpGet?.path, name).toBe(health);
      expect(container?.livenessProbe?.httpGet?.path, name).toBe(health);
      const portNames = (container?.ports ?? []).map((port) => port.name);
      expect(portNames).toContain(container?.readinessProbe?.httpGet?.port);
      // The command's entry file exists in this repo (the image is the repo built).
      const entry = container!.command.find((arg) => arg.endsWith('.ts'));
      expect(existsSync(path.join(repoRoot, entry!)), entry).toBe(true);
    }
  });

  it('should scale both Deployments with an HPA and select their pods with the Services', () => {
    for (const name of ['companion-api', 'companion-origin']) {
      const hpa = named('HorizontalPodAutoscaler', name);
      expect((hpa.spec as { scaleTargetRef: { kind: string; name: string } }).scaleTargetRef).toMatchObject({
        kind: 'Deployment',
        name,
      });
      const podLabels = (named('Deployment', name).spec as { template: { metadata: { labels: object } } })
        .template.metadata.labels;
      expect(podLabels).toMatchObject((named('Service', name).spec as { selector: object }).selector);
    }
  });

  it('should reference only ConfigMaps and Secrets it defines, with the JWT, payments and webhook keys', () => {
    const workloads = [...byKind('Deployment'), ...byKind('Job')];
    for (const doc of workloads) {
      for (const container of containersOf(doc)) {
        for (const from of container.envFrom ?? []) {
          if (from.configMapRef) named('ConfigMap', from.configMapRef.name);
          if (from.secretRef) named('Secret', from.secretRef.name);
        }
      }
    }
    const keys = Object.keys(named('Secret', 'companion-secrets')['stringData'] as object);
    expect(keys).toEqual(
      expect.arrayContaining([
        'JWT_SECRET',
        'PAYMENTS_API_KEY',
        'PAYMENTS_WEBHOOK_SECRET',
        'DATABASE_URL',
        'REDIS_URL',
      ]),
    );
  });

  it('should route hubs to the API with sticky cookies and long timeouts, and everything else to the origin', () => {
    const ingress = named('Ingress', 'companion');
    const notes = ingress.metadata.annotations ?? {};
    expect(notes['nginx.ingress.kubernetes.io/affinity']).toBe('cookie');
    expect(Number(notes['nginx.ingress.kubernetes.io/proxy-read-timeout'])).toBeGreaterThan(90);
    const paths = (
      ingress.spec as {
        rules: { http: { paths: { path: string; backend: { service: { name: string } } }[] } }[];
      }
    ).rules[0]!.http.paths;
    const backendOf = (p: string) => paths.find((entry) => entry.path === p)?.backend.service.name;
    expect(backendOf('/hubs')).toBe('companion-api');
    expect(backendOf('/api')).toBe('companion-api');
    expect(backendOf('/')).toBe('companion-origin');
  });

  it('should reach PostgreSQL and Redis as external services and migrate in a Job', () => {
    for (const name of ['companion-postgres', 'companion-redis']) {
      expect((named('Service', name).spec as { type: string }).type).toBe('ExternalName');
    }
    const [migrate] = containersOf(named('Job', 'companion-migrate'));
    expect(migrate?.command.slice(-2)).toEqual(['infra/api/src/db/db-cli.ts', 'migrate']);
  });
});

describe('container image and single-host proxy', () => {
  it('should start files that exist and run as a non-root user', () => {
    const dockerfile = readFileSync(path.join(deployDir, 'Dockerfile'), 'utf8');
    expect(dockerfile).toMatch(/^USER 10001:10001$/m);
    expect(dockerfile).toMatch(/^FROM node:20\.\d+-bookworm-slim/m);
    const cmd = /^CMD (\[.*\])$/m.exec(dockerfile)?.[1];
    const entry = (JSON.parse(cmd!) as string[]).find((arg) => arg.endsWith('.ts'));
    expect(existsSync(path.join(repoRoot, entry!))).toBe(true);
  });

  it('should pass WebSocket upgrades and unbuffered long polls for /hubs in the nginx configuration', () => {
    const conf = readFileSync(path.join(deployDir, 'proxy', 'nginx-single-host.conf'), 'utf8');
    const hubs = /location \/hubs\/ \{([^}]*)\}/.exec(conf)?.[1] ?? '';
    expect(hubs).toContain('proxy_set_header Upgrade $http_upgrade;');
    expect(hubs).toContain('proxy_set_header Connection $connection_upgrade;');
    expect(hubs).toContain('proxy_buffering off;');
    // Overwrites, never appends to, a client's X-Forwarded-For.
    expect(conf).not.toContain('$proxy_add_x_forwarded_for');
    expect(conf).toContain('client_max_body_size 1m;');
  });
});
