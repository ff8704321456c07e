import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { lintDockerfile, parseDockerfile, parseEnv, parseHealthcheck } from '#scripts/dockerfile-parse.mjs';

// The container recipe, checked without a Docker engine: the lint, and the shape the issue asks for.
// `npm run check:docker` goes further (it runs the build and start steps); it is too slow for this suite.

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');
const dockerfile = read('Dockerfile');

type Instruction = { keyword: string; flags: Record<string, string | true>; args: string; json: string[] | null };
type Stage = { image: string; name: string; instructions: Instruction[] };
const { stages } = parseDockerfile(dockerfile) as { stages: Stage[] };
const [build, runtime] = [stages[0] as Stage, stages.at(-1) as Stage];
const all = (stage: Stage, keyword: string) => stage.instructions.filter((i) => i.keyword === keyword);
const one = (stage: Stage, keyword: string) => {
  const found = all(stage, keyword);
  expect(found, `${stage.name}: one ${keyword}`).toHaveLength(1);
  return found[0] as Instruction;
};
const runtimeEnv = Object.assign({}, ...all(runtime, 'ENV').map((i) => parseEnv(i.args))) as Record<string, string>;

describe('the Dockerfile', () => {
  it('passes dockerfile-utils with no problem at all, and the lint does catch one', () => {
    expect(lintDockerfile(dockerfile)).toEqual([]);
    expect(lintDockerfile('FROM node:24\nrun echo lowercase\nCMD ["a"]\nCMD ["b"]')).toHaveLength(2);
  });

  it('builds in one stage (npm ci, npm run build) and runs from a Node 24 slim stage that installs production dependencies only', () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    expect(build.image).toMatch(/^node:24([-.]|$)/);
    expect(all(build, 'RUN').map((i) => i.args)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^npm ci\b/), expect.stringMatching(/^npm run build\b/)]),
    );
    expect(runtime.image).toMatch(/^node:24[-.\w]*-slim$/);
    expect(all(runtime, 'RUN').some((i) => /^npm ci\b.*--omit=dev/.test(i.args))).toBe(true);
    expect(all(runtime, 'COPY').some((i) => i.flags.from === build.name && /dist/.test(i.args))).toBe(true);
  });

  it('runs as a non-root user, with DATA_DIR on a volume, the port exposed, a readiness HEALTHCHECK and node as the command', () => {
    const user = one(runtime, 'USER').args;
    expect(user).not.toMatch(/^(root|0)(:|$)/);
    expect(runtimeEnv.APP_ENV).toBe('production');
    const volume = one(runtime, 'VOLUME');
    expect(volume.json ?? volume.args.split(/\s+/)).toContain(runtimeEnv.DATA_DIR);
    expect(one(runtime, 'EXPOSE').args).toBe(runtimeEnv.PORT);
    const healthcheck = parseHealthcheck(one(runtime, 'HEALTHCHECK'));
    expect(healthcheck?.command).toEqual(['node', 'scripts/healthcheck.mjs']);
    expect(read('scripts/healthcheck.mjs')).toContain('/api/ready');
    expect(one(runtime, 'CMD').json).toEqual(['node', 'dist/server/index.js']);
  });

  it('copies only files that exist into the runtime stage, including every launcher the commands need', () => {
    const copied = all(runtime, 'COPY')
      .filter((i) => !i.flags.from)
      .flatMap((i) => (i.json ?? i.args.split(/\s+/)).slice(0, -1));
    for (const file of copied) expect(existsSync(path.join(ROOT, file)), file).toBe(true);
    for (const launcher of ['start', 'backup', 'restore', 'create-admin', 'healthcheck'])
      expect(copied).toContain(`scripts/${launcher}.mjs`);
    // What the launchers import comes along too.
    for (const file of copied.filter((f) => f.startsWith('scripts/')))
      for (const [, imported] of read(file).matchAll(/from '\.\/([\w-]+\.mjs)'/g))
        expect(copied).toContain(`scripts/${imported}`);
  });

  it('keeps installs, builds, data and secrets out of the build context (.dockerignore)', () => {
    const ignored = read('.dockerignore').split('\n');
    for (const entry of ['node_modules', 'dist', 'data', '.env', '.git']) expect(ignored).toContain(entry);
  });
});

describe('compose.yaml', () => {
  const compose = read('compose.yaml');
  it('runs the app with PostgreSQL and an S3-compatible server, wired only with variables the server reads', () => {
    expect(compose).toMatch(/image: postgres:1[56]/);
    expect(compose).toMatch(/image: minio\/minio/);
    const appBlock = compose.slice(compose.indexOf('  app:'), compose.indexOf('  postgres:'));
    const names = [...appBlock.matchAll(/^ {6}([A-Z][A-Z0-9_]+):/gm)].map((m) => m[1] as string);
    expect(names).toEqual(expect.arrayContaining(['DATABASE_URL', 'S3_BUCKET', 'S3_ENDPOINT', 'JWT_SECRET']));
    const documented = read('.env.example');
    for (const name of names) expect(documented, name).toMatch(new RegExp(`^${name}=`, 'm'));
    expect(appBlock).toContain('postgres://recruiter:');
    expect(appBlock).toContain(':/data');
  });
});
