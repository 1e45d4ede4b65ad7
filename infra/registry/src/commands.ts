import { spawn } from 'node:child_process';
import { userInfo } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { CONTRACT_VERSION, contractMajor } from '@companion/contracts';
import { RegistryError } from './errors.ts';
import { assertRouteClaims, routesOfBuild } from './route-claims.ts';
import { exists } from './files.ts';
import { assertCanaryPercent } from './canary.ts';
import { assertVersion, contractMajorOf, readBuildInfo } from './checks.ts';
import { openStore } from './store.ts';
import type { RemoteStore } from './remote-store.ts';
import type { FlipResult, PublishResult } from './types.ts';
import { buildDir, findRemotePackage, listRemotePackages } from './workspace.ts';
import type { RemotePackage } from './workspace.ts';

/** Seams of the CLI, so tests can run it in-process against temp folders and a fake build. */
export interface CliContext {
  repoRoot: string;
  dataDir: string;
  out: (line: string) => void;
  err: (line: string) => void;
  /** The store to act on (a bucket, ADR 0190); default the folder store in `dataDir`. */
  store?: RemoteStore;
  /** Who runs the command, recorded in the history (default `cli:<OS user>`; `--by` overrides). */
  actor?: string;
  /** Builds one remote for `version`; the default runs `pnpm --filter @companion/<name> run build`. */
  build?: (pkg: RemotePackage, version: string, repoRoot: string) => Promise<void>;
  /** Mounts a build's exposed lifecycles before the flip (ADR 0248); the default is `smokeMount` in jsdom. */
  smoke?: (name: string, dir: string) => Promise<string[]>;
}

const USAGE = `Usage: pnpm remote <command>
  deploy <name> [--version <v>] [--no-build] [--skip-smoke]
                                               build one remote, smoke-mount it, publish it, make it live
  rollback <name> [--to <version>]             make an earlier stored version live again
  history <name>                               deploys and rollbacks of one remote, oldest first, with who
  status [<name>]                              live version and stored versions
  canary <name> --to <version> --percent <n>   serve a stored version to n% of visitors (sticky) before the flip
  canary <name> --end                          stop the canary (everyone gets the live version)
Options: --by <who>  name recorded in the history (default cli:<OS user>)`;

/** Runs one CLI invocation and returns its exit code (0 ok, 1 refused, 2 usage). */
export async function runCli(argv: string[], context: CliContext): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        version: { type: 'string' },
        'no-build': { type: 'boolean', default: false },
        'skip-smoke': { type: 'boolean', default: false },
        to: { type: 'string' },
        by: { type: 'string' },
        percent: { type: 'string' },
        end: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (error) {
    context.err(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  const [command, name, ...extra] = positionals;
  if (values.help || !command) {
    (values.help ? context.out : context.err)(USAGE);
    return values.help ? 0 : 2;
  }
  if (extra.length > 0) {
    context.err(`Unexpected argument(s): ${extra.join(' ')}\n\n${USAGE}`);
    return 2;
  }
  const needsName =
    command === 'deploy' || command === 'rollback' || command === 'history' || command === 'canary';
  if (needsName && !name) {
    context.err(`'${command}' needs a remote name.\n\n${USAGE}`);
    return 2;
  }
  const store = context.store ?? openStore(context.dataDir);
  const by = values.by?.trim() || context.actor || `cli:${osUser()}`;
  try {
    switch (command) {
      case 'deploy':
        if (values.to !== undefined)
          throw new RegistryError('invalid_version', '--to belongs to rollback; deploy takes --version.');
        await deploy(
          store,
          context,
          name as string,
          values.version,
          values['no-build'],
          values['skip-smoke'],
          by,
        );
        return 0;
      case 'rollback':
        if (values.version !== undefined)
          throw new RegistryError('invalid_version', '--version belongs to deploy; rollback takes --to.');
        await assertKnownRemote(store, context, name as string);
        if (values.to !== undefined) assertVersion(values.to);
        printFlip(context, await store.rollback(name as string, values.to, by), undefined);
        return 0;
      case 'history':
        await printHistory(store, context, name as string);
        return 0;
      case 'canary':
        await canary(store, context, name as string, values, by);
        return 0;
      case 'status':
        await printStatus(store, context, name);
        return 0;
      default:
        context.err(`Unknown command '${command}'.\n\n${USAGE}`);
        return 2;
    }
  } catch (error) {
    if (error instanceof RegistryError) {
      context.err(`error: ${error.message}`);
      return 1;
    }
    throw error;
  }
}

async function deploy(
  store: RemoteStore,
  context: CliContext,
  name: string,
  version: string | undefined,
  noBuild: boolean,
  skipSmoke: boolean,
  by: string,
): Promise<void> {
  const pkg = await findRemotePackage(context.repoRoot, name);
  if (version !== undefined) assertVersion(version);
  const target = version ?? pkg.version;
  const dir = buildDir(pkg, target);
  if (noBuild) {
    if (!(await exists(dir))) {
      throw new RegistryError(
        'missing_build',
        `No build of ${name} ${target} at ${path.relative(context.repoRoot, dir)}; run without --no-build.`,
      );
    }
  } else {
    context.err(`building ${pkg.packageName} ${target} …`);
    await (context.build ?? runBuild)(pkg, target, context.repoRoot);
    if (!(await exists(dir))) {
      throw new RegistryError(
        'missing_build',
        `The build of ${name} finished but wrote nothing to ${path.relative(context.repoRoot, dir)}.`,
      );
    }
  }
  // Refused before anything is stored: the shell refuses another contract major, so the flip would only show
  // every visitor the fallback (a rollback to an older build still only warns, see printFlip).
  const info = await readBuildInfo(dir);
  const shellMajor = contractMajor(CONTRACT_VERSION);
  if (contractMajorOf(info.contract) !== shellMajor) {
    throw new RegistryError(
      'contract_mismatch',
      `${name} ${info.version} was built against contract ${info.contract} but the shell speaks ${CONTRACT_VERSION} (major ${shellMajor}); nothing was deployed. Rebuild it against contract ${shellMajor}.x.`,
    );
  }
  // Claims another live remote holds are refused before anything is stored (flip checks again under the lock).
  assertRouteClaims(
    await store.readRegistry(),
    name,
    routesOfBuild(info, path.join(dir, 'companion-remote.json')),
  );
  // Refused before anything is stored: a build whose lifecycles throw would only show visitors the fallback.
  if (skipSmoke) {
    context.err(`smoke mount skipped (--skip-smoke); recorded in the history.`);
  } else {
    const started = Date.now();
    // Loaded on demand: jsdom is only needed here, not by rollback, history or status.
    const smoke = context.smoke ?? (await import('./smoke.ts')).smokeMount;
    const checked = await smoke(name, dir);
    context.err(`smoke mount ok: ${checked.join(', ')} (${Date.now() - started} ms)`);
  }
  const published = await store.publish(name, dir);
  if (published.version !== target) {
    throw new RegistryError(
      'invalid_build',
      `${path.relative(context.repoRoot, dir)} holds version ${published.version}, expected ${target}.`,
    );
  }
  const note = skipSmoke ? ({ smoke: 'skipped' } as const) : undefined;
  printFlip(context, await store.setLive(name, target, 'deploy', by, note), published);
}

async function canary(
  store: RemoteStore,
  context: CliContext,
  name: string,
  values: { to?: string; percent?: string; end?: boolean },
  by: string,
): Promise<void> {
  await assertKnownRemote(store, context, name);
  if (values.end) {
    if (values.to !== undefined || values.percent !== undefined)
      throw new RegistryError('invalid_percent', '--end takes no --to or --percent.');
    const flip = await store.setCanary(name, null, by);
    context.out(flip.changed ? `canary ${name}: ended; everyone gets ${flip.to}` : `${name} has no canary.`);
    return;
  }
  if (values.to === undefined) throw new RegistryError('invalid_version', 'canary needs --to <version>.');
  assertVersion(values.to);
  const percent = Number(values.percent);
  if (values.percent === undefined || !/^\d+$/.test(values.percent)) {
    throw new RegistryError('invalid_percent', 'canary needs --percent <1-99>.');
  }
  assertCanaryPercent(percent);
  const flip = await store.setCanary(name, { version: values.to, percent }, by);
  context.out(
    flip.changed
      ? `canary ${name}: ${values.to} to ${percent}% of visitors (live stays ${flip.to})`
      : `canary ${name}: ${values.to} at ${percent}% already; nothing changed.`,
  );
}

async function assertKnownRemote(store: RemoteStore, context: CliContext, name: string): Promise<void> {
  const inWorkspace = (await listRemotePackages(context.repoRoot)).some((pkg) => pkg.name === name);
  if (inWorkspace || (await store.readRegistry()).remotes[name] || (await store.versions(name)).length > 0)
    return;
  await findRemotePackage(context.repoRoot, name);
}

function printFlip(context: CliContext, flip: FlipResult, published: PublishResult | undefined): void {
  const { remote, from, to, entry } = flip;
  if (!flip.changed) {
    context.out(`${remote} ${to} is already live; nothing changed.`);
  } else {
    context.out(`${flip.action} ${remote}: ${from ?? '(none)'} → ${to}`);
  }
  if (published?.created) {
    context.out(
      `  added     ${published.files} files, ${published.bytes.toLocaleString('en-US')} bytes (remotes/${remote}/${to}/)`,
    );
  } else {
    context.out(`  added     0 files (${to} was already in the store)`);
  }
  context.out(`  manifest  ${entry.manifest}`);
  context.out(`  integrity ${entry.integrity}`);
  context.out(`  contract  ${entry.contract}`);
  context.out(`  routes    ${entry.routes?.join(' ') ?? '(none declared)'}`);
  // A warning, not a refusal: the live shell may be newer than this checkout, and the shell is what enforces it.
  if (entry.contract !== contractMajor(CONTRACT_VERSION)) {
    context.err(
      `warning: ${remote} ${to} was built against contract ${entry.contract}.x but this checkout's shell speaks ${CONTRACT_VERSION}; the shell will refuse to mount it and show its fallback.`,
    );
  }
}

async function printHistory(store: RemoteStore, context: CliContext, name: string): Promise<void> {
  await assertKnownRemote(store, context, name);
  const records = await store.history(name);
  if (records.length === 0) {
    context.out(`${name}: no deploys yet.`);
    return;
  }
  const live = (await store.readRegistry()).remotes[name]?.version;
  for (const record of records) {
    const share = record.action === 'canary' ? ` (${record.percent ?? 0}%)` : '';
    context.out(
      `${record.at}  ${record.action.padEnd(8)}  ${record.from ?? '(none)'} → ${record.to}${share}  by ${record.by ?? '(unknown)'}${record.smoke === 'skipped' ? '  (smoke skipped)' : ''}`,
    );
  }
  context.out(`live: ${live ?? '(none)'}`);
}

async function printStatus(store: RemoteStore, context: CliContext, name: string | undefined): Promise<void> {
  const registry = await store.readRegistry();
  let names: string[];
  if (name) {
    await assertKnownRemote(store, context, name);
    names = [name];
  } else {
    const all = new Set([
      ...(await listRemotePackages(context.repoRoot)).map((pkg) => pkg.name),
      ...Object.keys(registry.remotes),
    ]);
    names = [...all].sort();
  }
  for (const remote of names) {
    const entry = registry.remotes[remote];
    const stored = await store.versions(remote);
    const storedText = stored.length ? stored.join(', ') : '(none)';
    if (entry) {
      const canaryText = entry.canary ? `  canary ${entry.canary.version} (${entry.canary.percent}%)` : '';
      context.out(
        `${remote.padEnd(18)} live ${entry.version.padEnd(10)} contract ${entry.contract}  ${entry.manifest}  stored: ${storedText}${canaryText}`,
      );
    } else {
      context.out(`${remote.padEnd(18)} not deployed  stored: ${storedText}`);
    }
  }
}

/** The OS user running the CLI ("unknown" where the platform has none, e.g. an arbitrary container uid). */
function osUser(): string {
  try {
    return userInfo().username || 'unknown';
  } catch {
    return 'unknown';
  }
}

/** Builds only this remote (never the shell or another remote), with `REMOTE_VERSION` pinned. */
function runBuild(pkg: RemotePackage, version: string, repoRoot: string): Promise<void> {
  return new Promise((resolve, reject) => {
    // Build logs go to stderr so stdout carries only the summary of what changed.
    const child = spawn('pnpm', ['--filter', pkg.packageName, 'run', 'build'], {
      cwd: repoRoot,
      env: { ...process.env, REMOTE_VERSION: version, NODE_ENV: 'production' },
      stdio: ['ignore', 2, 2],
    });
    child.on('error', (error) =>
      reject(new RegistryError('build_failed', `Could not run pnpm: ${error.message}`)),
    );
    child.on('exit', (code, signal) => {
      if (code === 0) resolve();
      else
        reject(
          new RegistryError(
            'build_failed',
            `The build of ${pkg.name} failed (${signal ?? `exit code ${code}`}); nothing was deployed.`,
          ),
        );
    });
  });
}
