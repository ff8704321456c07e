import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as v from 'valibot';
import { newSealingKeyEntry, parseSealingKeys } from '#src/server/security/sealing.ts';
import { DEFAULT_AI_NOTE_QUOTA } from '#src/shared/constants.ts';

// The environment, read and validated once at boot. A bad value stops the process with a clear message.
const isTrue = (s: string) => ['true', '1', 'yes'].includes(s);
const boolish = (fallback: boolean) =>
  v.pipe(
    v.optional(v.picklist(['true', 'false', '1', '0', 'yes', 'no', '']), fallback ? 'true' : 'false'),
    v.transform((s) => (s === '' ? fallback : isTrue(s))),
  );

// The demo password the README prints: anyone can read it, so production never seeds with it.
export const DEFAULT_DEMO_PASSWORD = 'Recruiter#2026';
const int = (fallback: number, min: number, max: number) =>
  v.pipe(
    v.optional(v.string(), String(fallback)),
    v.transform((s) => (s === '' ? fallback : Number(s))),
    v.number('must be a whole number'),
    v.integer('must be a whole number'),
    v.minValue(min, `must be at least ${min}`),
    v.maxValue(max, `must be at most ${max}`),
  );

const envSchema = v.object({
  PORT: int(3000, 0, 65535),
  HOST: v.optional(v.string(), '0.0.0.0'),
  APP_ENV: v.optional(
    v.picklist(['development', 'test', 'production'], 'must be development, test or production'),
    'development',
  ),
  // Defaults to http://localhost:<PORT> (readEnv), so e-mail links reach this server on a developer machine.
  APP_URL: v.optional(v.pipe(v.string(), v.url('must be a URL such as http://localhost:3000'))),
  DATA_DIR: v.optional(v.string(), 'data'),
  DATABASE_URL: v.optional(v.pipe(v.string(), v.regex(/^postgres(ql)?:\/\//, 'must start with postgres://'))),
  JWT_SECRET: v.optional(v.pipe(v.string(), v.minLength(32, 'must be at least 32 characters'))),
  // The keys that seal recruiters' identity, tax, address and bank details at rest (issue 46,
  // security/sealing.ts): `id:key` entries, the first sealing. Checked in readEnv, whose message never
  // quotes a key. Without it, a key kept in DATA_DIR (development and test only).
  SEALING_KEYS: v.optional(v.string()),
  SMTP_URL: v.optional(v.pipe(v.string(), v.regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://'))),
  // smtp when SMTP_URL is set, else file (.eml under DATA_DIR/mail); production must choose file explicitly.
  MAIL_TRANSPORT: v.optional(v.picklist(['smtp', 'file'], 'must be smtp or file')),
  MAIL_FROM: v.optional(v.string(), 'Recruiter <no-reply@recruiter.local>'),
  // Defaults to true, except with APP_ENV=production (readEnv).
  SEED_DEMO: v.optional(v.picklist(['true', 'false', '1', '0', 'yes', 'no'])),
  DEMO_PASSWORD: v.optional(v.pipe(v.string(), v.minLength(8)), DEFAULT_DEMO_PASSWORD),
  SENTRY_DSN: v.optional(v.string()),
  AI_NOTE_QUOTA: int(DEFAULT_AI_NOTE_QUOTA, 0, 100000),
  // How many reverse proxies in front of the app append to X-Forwarded-For: `true` is one (nginx, an ALB),
  // a number says how many (an ALB then nginx: 2); `false`/0 trusts no forwarded header.
  TRUST_PROXY: v.pipe(
    v.optional(v.string(), 'false'),
    v.transform((s) => (['true', 'yes'].includes(s) ? 1 : ['false', 'no', ''].includes(s) ? 0 : Number(s))),
    v.number('must be true, false or a number of proxies'),
    v.integer('must be true, false or a number of proxies'),
    v.minValue(0, 'must be true, false or a number of proxies'),
    v.maxValue(10, 'must be at most 10 proxies'),
  ),
  // With both, the server answers HTTPS with HTTP/2 itself (listen.ts); without, plain HTTP/1.1.
  TLS_CERT_FILE: v.optional(v.string()),
  TLS_KEY_FILE: v.optional(v.string()),
  MAIL_WORKER: boolish(true),
  // On SIGTERM the server finishes the requests in flight (uploads included) and the workers' current items
  // for at most this long, then exits anyway (index.ts). Below a container's stop grace (Docker 10 s,
  // Kubernetes 30 s) the exit is ours, not a SIGKILL's.
  SHUTDOWN_TIMEOUT_MS: int(25_000, 0, 600_000),
  // Uploaded files go to S3-compatible object storage when S3_BUCKET is set, else to DATA_DIR/files.
  S3_BUCKET: v.optional(v.string()),
  S3_ENDPOINT: v.optional(v.pipe(v.string(), v.url('must be a URL such as https://s3.example.com'))),
  S3_REGION: v.optional(v.string(), 'us-east-1'),
  S3_ACCESS_KEY_ID: v.optional(v.string()),
  S3_SECRET_ACCESS_KEY: v.optional(v.string()),
  S3_FORCE_PATH_STYLE: boolish(true),
  S3_PREFIX: v.optional(v.string()),
  // The AI note helper uses an OpenAI-compatible chat-completions endpoint (OpenAI, Azure, Ollama, vLLM,
  // LM Studio) when AI_BASE_URL and AI_MODEL are set, else the built-in engine. AI_API_KEY is optional
  // (Ollama needs none). AI_TIMEOUT_MS bounds the wait for the answer and every gap between its chunks.
  AI_BASE_URL: v.optional(v.pipe(v.string(), v.url('must be a URL such as https://api.openai.com/v1'))),
  AI_API_KEY: v.optional(v.string()),
  AI_MODEL: v.optional(v.string()),
  AI_TIMEOUT_MS: int(30_000, 100, 600_000),
  // How long personal data is kept (issue 24). The privacy policy and the consent notice read these, so
  // what they promise is what the retention job (jobs/retention.ts) does.
  RETENTION_DECLINED_DAYS: int(30, 1, 3650),
  RETENTION_INACTIVE_MONTHS: int(24, 1, 240),
  RETENTION_PAYMENT_YEARS: int(7, 1, 50),
  ACCESS_LOG_KEEP_MONTHS: int(24, 1, 240),
  // Form CP58 (issue 46, modules/cp58): a recruiter paid more than this in a calendar year, in ringgit
  // (payments in MYR only), gets their form unasked. The law's RM5,000 by default. Read as an exact decimal.
  CP58_THRESHOLD_MYR: v.optional(
    v.pipe(v.string(), v.trim(), v.regex(/^\d{1,12}(\.\d{1,2})?$/, 'must be an amount in ringgit, such as 5000.00')),
    '5000.00',
  ),
  // The payer on recruiters' yearly statements and CP58 forms (issue 46): the operator's company. The
  // address's lines are separated by `|`.
  PAYER_NAME: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(150, 'must be at most 150 characters'))),
  PAYER_REGISTRATION_NUMBER: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(40, 'must be at most 40 characters'))),
  PAYER_EMPLOYER_NUMBER: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.regex(/^E[\s-]?\d[\d\s-]{5,16}$/i, 'must be an employer number such as E 1234567890'),
      v.transform((s) => `E ${s.slice(1).replace(/^[\s-]+/, '')}`),
    ),
  ),
  PAYER_ADDRESS: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(300, 'must be at most 300 characters'))),
  PAYER_PHONE: v.optional(
    v.pipe(v.string(), v.trim(), v.regex(/^\+?[\d\s\-().]{6,24}$/, 'must be a phone number such as +60 3-1234 5678')),
  ),
  // Section 107D (issue 46, modules/withholding): the share of each payment withheld from a recruiter paid
  // more than the threshold (in ringgit, MYR payments) in the year before. The law's values by default.
  // Read as exact decimals (withholding-settings.ts), never as floating point.
  WITHHOLDING_RATE_PERCENT: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.regex(/^(100(\.0{1,2})?|\d{1,2}(\.\d{1,2})?)$/, 'must be a percentage from 0 to 100, such as 2 or 2.5'),
    ),
    '2',
  ),
  WITHHOLDING_THRESHOLD_MYR: v.optional(
    v.pipe(v.string(), v.trim(), v.regex(/^\d{1,12}(\.\d{1,2})?$/, 'must be an amount in ringgit, such as 100000.00')),
    '100000.00',
  ),
  LOG_LEVEL: v.optional(
    v.picklist(['debug', 'info', 'warn', 'error', 'silent'], 'must be debug, info, warn, error or silent'),
    'info',
  ),
  // json: one JSON object a line (npm start); pretty: readable lines (npm run dev sets it).
  LOG_FORMAT: v.optional(v.picklist(['json', 'pretty'], 'must be json or pretty'), 'json'),
  // With it, GET /metrics needs `Authorization: Bearer <METRICS_TOKEN>`; without, it answers loopback only.
  METRICS_TOKEN: v.optional(v.pipe(v.string(), v.minLength(16, 'must be at least 16 characters'))),
  // Web Push (issue 25): the VAPID key pair every instance signs pushes with (notifications/vapid.ts keeps a
  // generated pair in DATA_DIR when unset) and the contact push services see. Apple refuses a subject on
  // localhost (web-push#947): unset, it is APP_URL when that is a public https address, else MAIL_FROM's address.
  VAPID_PUBLIC_KEY: v.optional(
    v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{80,100}$/, 'must be a base64url P-256 public key')),
  ),
  VAPID_PRIVATE_KEY: v.optional(
    v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{40,50}$/, 'must be a base64url P-256 private key')),
  ),
  VAPID_SUBJECT: v.optional(
    v.pipe(v.string(), v.regex(/^(mailto:|https:\/\/)/, 'must start with mailto: or https://')),
  ),
  // The push services a browser subscription may point at: the server posts to these hosts only, so a
  // made-up "subscription" cannot make it call an address of the caller's choosing.
  PUSH_ENDPOINT_HOSTS: v.optional(
    v.string(),
    'fcm.googleapis.com,*.push.apple.com,updates.push.services.mozilla.com,*.notify.windows.com,*.push.services.mozilla.com',
  ),
});

export type Env = Omit<v.InferOutput<typeof envSchema>, 'SEED_DEMO' | 'MAIL_TRANSPORT'> & {
  APP_URL: string;
  JWT_SECRET: string;
  SEALING_KEYS: string;
  DATA_DIR: string;
  SEED_DEMO: boolean;
  MAIL_TRANSPORT: 'smtp' | 'file';
};

export function readEnv(source: Record<string, string | undefined> = process.env): Env {
  // An empty value means "not set", as in .env.example.
  const raw = Object.fromEntries(Object.entries(source).filter(([k, value]) => k in envSchema.entries && value !== ''));
  const result = v.safeParse(envSchema, raw);
  if (!result.success) {
    const lines = result.issues.map((issue) => {
      const key = issue.path?.map((p) => p.key).join('.') ?? '?';
      return `  ${key}=${JSON.stringify(raw[key] ?? '')}: ${issue.message}`;
    });
    throw new Error(`Invalid environment (see .env.example):\n${lines.join('\n')}`);
  }
  const env = result.output;
  const invalid = (line: string) => new Error(`Invalid environment (see .env.example):\n  ${line}`);
  if (!env.TLS_CERT_FILE !== !env.TLS_KEY_FILE) throw invalid('TLS_CERT_FILE and TLS_KEY_FILE: set both or neither');
  const production = env.APP_ENV === 'production';
  // A production database gets demo accounts only when asked for, and never with the published password.
  const seedDemo = env.SEED_DEMO === undefined ? !production : isTrue(env.SEED_DEMO);
  if (production && seedDemo && env.DEMO_PASSWORD === DEFAULT_DEMO_PASSWORD)
    throw invalid(
      'SEED_DEMO=true with APP_ENV=production needs DEMO_PASSWORD set to a password of your own: the default one is published in the README',
    );
  if (env.MAIL_TRANSPORT === 'smtp' && !env.SMTP_URL) throw invalid('MAIL_TRANSPORT=smtp needs SMTP_URL');
  if (!env.VAPID_PUBLIC_KEY !== !env.VAPID_PRIVATE_KEY)
    throw invalid('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY: set both or neither');
  // Without SMTP, e-mails (reset, consent and ITA links) are files on this machine: production says so.
  if (production && env.MAIL_WORKER && !env.SMTP_URL && env.MAIL_TRANSPORT !== 'file')
    throw invalid(
      'SMTP_URL is required when APP_ENV=production (e-mails carry password-reset and consent links); set MAIL_TRANSPORT=file to keep them as .eml files under DATA_DIR/mail instead',
    );
  const dataDir = path.resolve(env.DATA_DIR);
  return {
    ...env,
    SEED_DEMO: seedDemo,
    MAIL_TRANSPORT: env.MAIL_TRANSPORT ?? (env.SMTP_URL ? 'smtp' : 'file'),
    APP_URL: env.APP_URL ?? `${env.TLS_CERT_FILE ? 'https' : 'http'}://localhost:${env.PORT}`,
    DATA_DIR: dataDir,
    JWT_SECRET: env.JWT_SECRET ?? localSecret(dataDir, env.APP_ENV),
    SEALING_KEYS: sealingKeys(env.SEALING_KEYS, dataDir, env.APP_ENV),
  };
}

// SEALING_KEYS checked, or a key of this data folder's own. The sealed values and their key never travel
// together in production: the key is in the environment, the values in the database and its backups.
function sealingKeys(value: string | undefined, dataDir: string, appEnv: string): string {
  if (value !== undefined) {
    try {
      parseSealingKeys(value);
    } catch (error) {
      throw new Error(`Invalid environment (see .env.example):\n  SEALING_KEYS: ${(error as Error).message}`);
    }
    return value;
  }
  if (appEnv === 'production')
    throw new Error(
      "Invalid environment: SEALING_KEYS is required when APP_ENV=production (it seals recruiters' identity, tax, address and bank details; see docs/configuration.md)",
    );
  const file = path.join(dataDir, 'sealing-keys');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const entry = newSealingKeyEntry(`local-${randomBytes(4).toString('hex')}`);
  writeFileSync(file, entry, { mode: 0o600 });
  return entry;
}

// Without JWT_SECRET a single instance keeps a random secret in its data folder, so restarts keep
// sessions. Production must set it, so every instance behind a load balancer shares it.
function localSecret(dataDir: string, appEnv: string): string {
  if (appEnv === 'production') throw new Error('Invalid environment: JWT_SECRET is required when APP_ENV=production');
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
