/**
 * The Firebase Hosting REST API (v1beta1), as the publish uses it, with plain `fetch` and no SDK,
 * exactly as its reference documents each call:
 * - `POST /v1beta1/sites/{site}/versions` with the hosting config → a version (`sites/{site}/versions/{id}`);
 * - `POST /v1beta1/{version}:populateFiles` with `{ files: { "/path": sha256(gzip(file)) } }` →
 *   `uploadRequiredHashes` and `uploadUrl`: only files Hosting has not stored yet are uploaded;
 * - `POST {uploadUrl}/{hash}` with the gzipped file (`application/octet-stream`);
 * - `PATCH /v1beta1/{version}?update_mask=status` with `{ status: "FINALIZED" }`;
 * - `POST /v1beta1/sites/{site}/releases?versionName={version}` (the live site), or
 *   `POST /v1beta1/sites/{site}/channels/{channel}/releases?versionName={version}` (a preview channel);
 * - `GET /v1beta1/sites/{site}/channels/{channel}`, `POST /v1beta1/sites/{site}/channels?channelId=`
 *   with a `ttl`, `PATCH …/channels/{channel}?update_mask=ttl` to keep a preview's address alive.
 * Production authorises with the functions' service account (role Firebase Hosting Admin); the
 * emulators talk to the local stand-in (scripts/lib/hosting-stand-in.ts) with a token of its own.
 */
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';

export const GOOGLE_HOSTING_API_ORIGIN = 'https://firebasehosting.googleapis.com';
export const LIVE_CHANNEL = 'live';
/** populateFiles takes at most 1,000 files a call (as the firebase CLI sends them). */
const POPULATE_BATCH = 1_000;
/** A request refused for a moment (429, 5xx, a dropped connection) is tried again this often. */
const ATTEMPTS = 4;
const RETRY_BASE_MS = 500;

/** firebase.json's `hosting` as the REST API takes it (ServingConfig). */
export type ServingConfig = {
  headers?: ({ glob?: string; regex?: string } & { headers: Record<string, string> })[];
  redirects?: ({ glob?: string; regex?: string } & { location: string; statusCode?: number })[];
  rewrites?: ({ glob?: string; regex?: string } & (
    { path: string } | { run: { serviceId: string; region: string } }
  ))[];
  cleanUrls?: boolean;
  trailingSlashBehavior?: 'ADD' | 'REMOVE';
};

type Pattern = { source?: string; glob?: string; regex?: string };
/** firebase.json's `hosting` (the parts this site uses). */
export type HostingJson = {
  cleanUrls?: boolean;
  trailingSlash?: boolean;
  headers?: (Pattern & { headers: { key: string; value: string }[] })[];
  redirects?: (Pattern & { destination: string; type?: number })[];
  rewrites?: (Pattern & {
    destination?: string;
    function?: string | { functionId?: string; region?: string };
    run?: unknown;
  })[];
};

const patternOf = ({ source, glob, regex }: Pattern) =>
  regex !== undefined ? { regex } : { glob: glob ?? source ?? '' };

/**
 * firebase.json's hosting as a version's config, converted as the firebase CLI converts it
 * (`source` and `glob` → `glob`; headers as a map; a redirect's `destination` and `type` →
 * `location` and `statusCode`; `trailingSlash` → `trailingSlashBehavior`; a rewrite to a 2nd-gen
 * function → its Cloud Run service, whose ID is the function's name in lower case). A function
 * rewrite must name its region; one to a Cloud Run service of its own is refused here.
 */
export function servingConfigOf(hosting: HostingJson): ServingConfig {
  const config: ServingConfig = {};
  if (hosting.headers)
    config.headers = hosting.headers.map((rule) => ({
      ...patternOf(rule),
      headers: Object.fromEntries(rule.headers.map(({ key, value }) => [key, value])),
    }));
  if (hosting.redirects)
    config.redirects = hosting.redirects.map((rule) => ({
      ...patternOf(rule),
      location: rule.destination,
      ...(rule.type ? { statusCode: rule.type } : {}),
    }));
  if (hosting.rewrites)
    config.rewrites = hosting.rewrites.map((rule) => {
      if (rule.destination !== undefined) return { ...patternOf(rule), path: rule.destination };
      const target = rule.function;
      if (typeof target === 'object' && target.functionId && target.region)
        return {
          ...patternOf(rule),
          run: { serviceId: target.functionId.toLowerCase(), region: target.region },
        };
      throw new Error('A publish rewrites to files of the site, or to a function with its region.');
    });
  if (hosting.cleanUrls !== undefined) config.cleanUrls = hosting.cleanUrls;
  if (hosting.trailingSlash !== undefined)
    config.trailingSlashBehavior = hosting.trailingSlash ? 'ADD' : 'REMOVE';
  return config;
}

/** A file as Hosting stores it: gzipped (level 9, as the CLI does), named by the SHA-256 of the gzip. */
export function hostingFile(data: Buffer): { gzipped: Buffer; hash: string } {
  const gzipped = gzipSync(data, { level: 9 });
  return { gzipped, hash: createHash('sha256').update(gzipped).digest('hex') };
}

export class HostingApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export type HostingApi = {
  /** The version the live site serves now, or null before the first release. */
  liveVersion(): Promise<string | null>;
  createVersion(config: ServingConfig): Promise<string>;
  /** Adds every file (path → hash) to the version; answers the hashes Hosting still needs and where to send them. */
  populateFiles(
    version: string,
    files: Record<string, string>,
  ): Promise<{ uploadRequiredHashes: string[]; uploadUrl: string }>;
  upload(uploadUrl: string, hash: string, gzipped: Buffer): Promise<void>;
  finalize(version: string): Promise<void>;
  /** Makes the version live (the site's default channel). */
  releaseLive(version: string, message: string): Promise<void>;
  /** Creates the channel, or renews its time to live; answers its address. */
  ensureChannel(channel: string, ttlSeconds: number): Promise<string>;
  releaseOnChannel(channel: string, version: string, message: string): Promise<void>;
};

type HostingApiOptions = {
  origin: string;
  site: string;
  accessToken: () => Promise<string>;
  fetch?: typeof globalThis.fetch;
  sleep?: (ms: number) => Promise<void>;
};

const transient = (status: number) => status === 429 || status >= 500;

export function hostingApi({
  origin,
  site,
  accessToken,
  fetch = globalThis.fetch,
  sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
}: HostingApiOptions): HostingApi {
  async function call<T>(method: string, url: string, body?: unknown, raw?: Buffer): Promise<T> {
    for (let attempt = 1; ; attempt += 1) {
      let response: Response;
      try {
        response = await fetch(url, {
          method,
          headers: {
            authorization: `Bearer ${await accessToken()}`,
            'content-type': raw ? 'application/octet-stream' : 'application/json',
          },
          body: raw ? new Uint8Array(raw) : body === undefined ? undefined : JSON.stringify(body),
        });
      } catch (error) {
        if (attempt < ATTEMPTS) {
          await sleep(RETRY_BASE_MS * 2 ** attempt);
          continue;
        }
        throw new HostingApiError(0, `Firebase Hosting did not answer: ${(error as Error).message}`);
      }
      const text = await response.text();
      if (response.ok) return (text ? JSON.parse(text) : {}) as T;
      if (transient(response.status) && attempt < ATTEMPTS) {
        await sleep(RETRY_BASE_MS * 2 ** attempt);
        continue;
      }
      let message = text;
      try {
        message = (JSON.parse(text) as { error?: { message?: string } }).error?.message ?? text;
      } catch {
        // Not JSON: the text is the message.
      }
      throw new HostingApiError(
        response.status,
        `Firebase Hosting refused ${method} ${new URL(url).pathname}: ${response.status} ${message}`,
      );
    }
  }
  const api = `${origin}/v1beta1`;
  const siteName = `sites/${encodeURIComponent(site)}`;
  return {
    async liveVersion() {
      try {
        const channel = await call<{ release?: { version?: { name?: string } } }>(
          'GET',
          `${api}/${siteName}/channels/${LIVE_CHANNEL}`,
        );
        return channel.release?.version?.name ?? null;
      } catch (error) {
        if (error instanceof HostingApiError && error.status === 404) return null;
        throw error;
      }
    },
    async createVersion(config) {
      const version = await call<{ name: string }>('POST', `${api}/${siteName}/versions`, { config });
      return version.name;
    },
    async populateFiles(version, files) {
      const entries = Object.entries(files);
      const required = new Set<string>();
      let uploadUrl = '';
      for (let start = 0; start < entries.length || start === 0; start += POPULATE_BATCH) {
        const batch = Object.fromEntries(entries.slice(start, start + POPULATE_BATCH));
        const answer = await call<{ uploadRequiredHashes?: string[]; uploadUrl: string }>(
          'POST',
          `${api}/${version}:populateFiles`,
          {
            files: batch,
          },
        );
        for (const hash of answer.uploadRequiredHashes ?? []) required.add(hash);
        uploadUrl = answer.uploadUrl;
        if (entries.length === 0) break;
      }
      return { uploadRequiredHashes: [...required], uploadUrl };
    },
    async upload(uploadUrl, hash, gzipped) {
      await call('POST', `${uploadUrl}/${hash}`, undefined, gzipped);
    },
    async finalize(version) {
      await call('PATCH', `${api}/${version}?update_mask=status`, { status: 'FINALIZED' });
    },
    async releaseLive(version, message) {
      await call('POST', `${api}/${siteName}/releases?versionName=${encodeURIComponent(version)}`, {
        message: message.slice(0, 512),
      });
    },
    async ensureChannel(channel, ttlSeconds) {
      const path = `${api}/${siteName}/channels/${encodeURIComponent(channel)}`;
      try {
        const found = await call<{ url: string }>('PATCH', `${path}?update_mask=ttl`, {
          ttl: `${ttlSeconds}s`,
        });
        return found.url;
      } catch (error) {
        if (!(error instanceof HostingApiError && error.status === 404)) throw error;
      }
      const created = await call<{ url: string }>(
        'POST',
        `${api}/${siteName}/channels?channelId=${encodeURIComponent(channel)}`,
        {
          ttl: `${ttlSeconds}s`,
        },
      );
      return created.url;
    },
    async releaseOnChannel(channel, version, message) {
      await call(
        'POST',
        `${api}/${siteName}/channels/${encodeURIComponent(channel)}/releases?versionName=${encodeURIComponent(version)}`,
        {
          message: message.slice(0, 512),
        },
      );
    },
  };
}
