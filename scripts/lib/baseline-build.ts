/**
 * The baseline of `npm run bench`: another commit of this repository (the previous one by default),
 * checked out in a temporary git worktree and built there as `npm run build` builds it, so both
 * builds can be served side by side and measured in one session.
 */
import { spawnSync } from 'node:child_process';
import {
  closeSync,
  existsSync,
  lstatSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from './project';

export type Commit = { sha: string; subject: string };

function git(args: string[], cwd = ROOT) {
  return spawnSync('git', args, { cwd, encoding: 'utf8' });
}

/** The commit a ref names; throws a sentence when git knows none (a typo, or a shallow clone). */
export function resolveCommit(ref: string): Commit {
  const parsed = git(['rev-parse', '--verify', '--quiet', `${ref}^{commit}`]);
  const sha = parsed.stdout.trim();
  if (parsed.status !== 0 || !sha) {
    const shallow = git(['rev-parse', '--is-shallow-repository']).stdout.trim() === 'true';
    throw new Error(
      `git knows no commit "${ref}"${shallow ? ' (this clone is shallow: git fetch --unshallow)' : ''}; ` +
        'name another with --baseline <ref>, or skip it with --no-baseline',
    );
  }
  return { sha, subject: git(['log', '-1', '--format=%s', sha]).stdout.trim() };
}

/** The commit the current tree is at, and whether its tracked files differ from it. */
export function currentCommit(): Commit & { dirty: boolean } {
  const status = git(['status', '--porcelain', '--untracked-files=no']).stdout;
  return { ...resolveCommit('HEAD'), dirty: status.trim() !== '' };
}

export type BaselineBuild = Commit & {
  /** The worktree. */
  dir: string;
  /** Its built site and the firebase.json its build wrote (the CSP hashes of its own inline code). */
  siteDir: string;
  firebaseJson: string;
  /** How the baseline got its dependencies, and how long each step took. */
  report: string[];
  remove(): void;
};

/**
 * The files that decide what `npm ci` installs. When the baseline's are the current tree's, it
 * uses the current node_modules (a symlink) instead of installing the same packages again.
 */
const INSTALL_INPUTS = ['package.json', 'package-lock.json', 'functions/package.json'];

const sameInstall = (dir: string) =>
  INSTALL_INPUTS.every((file) => {
    const [ours, theirs] = [join(ROOT, file), join(dir, file)];
    return existsSync(ours) && existsSync(theirs) && readFileSync(ours).equals(readFileSync(theirs));
  });

const secondsSince = (start: number) => `${((performance.now() - start) / 1000).toFixed(1)} s`;

/** Runs a step in the worktree with its output in `log`; throws naming the step and the log. */
function step(what: string, command: string, args: string[], cwd: string, log: string): void {
  const fd = openSync(log, 'a');
  try {
    const result = spawnSync(command, args, { cwd, stdio: ['ignore', fd, fd] });
    if (result.status !== 0)
      throw new Error(`${what} failed in the baseline (exit ${result.status ?? result.signal}); see ${log}`);
  } finally {
    closeSync(fd);
  }
}

/**
 * Checks `commit` out in a temporary worktree, installs its dependencies (or reuses the current
 * ones when its lockfile is the same) and builds it; its output goes to `log`. The caller removes
 * it with `remove()` once the measuring is done.
 */
export function buildBaseline(commit: Commit, log: string): BaselineBuild {
  const dir = mkdtempSync(join(tmpdir(), 'sme-bench-baseline-'));
  const nodeModules = join(dir, 'node_modules');
  let removed = false;
  const remove = () => {
    if (removed) return;
    removed = true;
    // The symlink goes first, so that nothing below it is deleted with the worktree.
    if (existsSync(nodeModules) && lstatSync(nodeModules).isSymbolicLink()) rmSync(nodeModules);
    git(['worktree', 'remove', '--force', dir]);
    rmSync(dir, { recursive: true, force: true });
    git(['worktree', 'prune']);
  };
  const report: string[] = [];
  writeFileSync(log, '');
  try {
    let start = performance.now();
    const added = git(['worktree', 'add', '--detach', dir, commit.sha]);
    if (added.status !== 0) throw new Error(`git worktree add failed: ${added.stderr.trim()}`);
    report.push(`checked out in ${dir} (${secondsSince(start)})`);

    start = performance.now();
    if (sameInstall(dir)) {
      symlinkSync(join(ROOT, 'node_modules'), nodeModules, 'dir');
      report.push('dependencies: the same lockfile, so the current node_modules (0 s)');
    } else {
      step('npm ci', 'npm', ['ci', '--no-audit', '--no-fund', '--prefer-offline'], dir, log);
      report.push(`dependencies: its own lockfile, npm ci (${secondsSince(start)})`);
    }

    start = performance.now();
    step('npm run build', 'npm', ['run', 'build'], dir, log);
    report.push(`built with npm run build (${secondsSince(start)}; log: ${log})`);
  } catch (error) {
    remove();
    throw error;
  }
  return {
    ...commit,
    dir,
    siteDir: join(dir, 'dist', 'site'),
    firebaseJson: join(dir, 'firebase.json'),
    report,
    remove,
  };
}
