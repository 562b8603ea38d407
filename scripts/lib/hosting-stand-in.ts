/**
 * A local stand-in for the Firebase Hosting REST API, as the WhatsApp stand-in stands in for
 * Meta's: `npm start`, `npm run dev` and the stack tests run it on http://127.0.0.1:9200, and the
 * emulated publish function talks to it (functions/.env.local: HOSTING_API_ORIGIN) exactly as the
 * deployed one talks to firebasehosting.googleapis.com.
 *
 * It accepts exactly the calls functions/src/site/hosting-api.ts makes, checks them as Hosting
 * does (a Bearer token; paths that start with `/`; SHA-256 hashes; an upload whose bytes hash to
 * its name and gunzip; a version finalized only once every file it needs is uploaded, and released
 * only once finalized) and answers with Google's error objects. A file's path must stay inside its
 * version's folder once resolved (`/../x` is refused with 400), and every route, the test ones too,
 * needs the token. It keeps everything on disk under
 * .cache/hosting: each uploaded file once by its hash (blobs/), each version's file list and config
 * (versions/<id>/version.json) and, once finalized, its files laid out as the site
 * (versions/<id>/public/, hard links to the blobs).
 *
 * Releases:
 * - live: `.cache/hosting/live` becomes a link to the version's files, and the local Hosting
 *   emulator serves that folder (firebase.local.json's `public`, scripts/lib/emulator-env.ts), so a
 *   publish is the site at http://127.0.0.1:5000 at once. The emulator keeps the headers it
 *   started with: a release whose pages need other inline-style hashes is served with its own on
 *   the live channel's address here (http://127.0.0.1:9201), and the stand-in says so.
 * - any other channel (the owner's preview): served on an address of its own (9202, 9203 …), with
 *   the version's own Hosting config (headers, redirects, rewrites, clean URLs) through superstatic,
 *   the Hosting emulator's own server.
 *
 * On start it deploys the build (dist/site with firebase.json's hosting) as the first live
 * version, as `firebase deploy` does in production: a fresh clone shows today's site, and an undo
 * of the first publish has a version to go back to.
 *
 * For tests, with the same token: `GET /state` (versions, releases, uploads),
 * `POST /faults {"hangUploadsAfter": 3}` (uploads after the third never answer: a publish killed
 * mid-upload), `DELETE /faults`.
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  existsSync,
  linkSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { gunzipSync } from 'node:zlib';
import superstaticModule from 'superstatic';
import {
  hostingFile,
  servingConfigOf,
  type HostingJson,
  type ServingConfig,
} from '../../functions/src/site/hosting-api';

type Version = {
  name: string;
  status: 'CREATED' | 'FINALIZED';
  config: ServingConfig;
  files: Record<string, string>;
  createTime: string;
};
type Release = { name: string; version: { name: string }; releaseTime: string; message: string };
type Channel = { name: string; url: string; port: number; expireTime: string | null; releases: Release[] };

export type HostingStandIn = {
  origin: string;
  /** The live channel's own address (the release as Hosting would serve it, headers included). */
  liveOrigin: string;
  /** Folder the local Hosting emulator serves: the live release's files. */
  liveDir: string;
  /** Every upload received, oldest first (their hashes). */
  uploads: string[];
  liveVersion(): string | null;
  close(): Promise<void>;
};

type StandInOptions = {
  port: number;
  /** The first port for channels' own addresses: live here, previews after it. */
  channelPort: number;
  root: string;
  site: string;
  token: string;
  /** The build to deploy as the first live version, and the hosting config it was built with. */
  build?: { dir: string; hosting: HostingJson };
  /** The local rewrite of a config's headers (emulator endpoints in connect-src). */
  localHeaders?: (value: string) => string;
  host?: string;
};

function googleError(response: ServerResponse, code: number, status: string, message: string): void {
  response.writeHead(code, { 'content-type': 'application/json' });
  response.end(JSON.stringify({ error: { code, message, status } }));
}

function json(response: ServerResponse, body: unknown): void {
  response.writeHead(200, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

async function bodyOf(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A version's ServingConfig back in firebase.json's form, as superstatic (Hosting's emulator) reads it. */
function firebaseJsonOf(config: ServingConfig, publicDir: string, localHeaders: (value: string) => string) {
  const pattern = (rule: { glob?: string; regex?: string }) =>
    rule.regex !== undefined ? { regex: rule.regex } : { source: rule.glob ?? '' };
  return {
    public: publicDir,
    cleanUrls: config.cleanUrls,
    trailingSlash:
      config.trailingSlashBehavior === undefined ? undefined : config.trailingSlashBehavior === 'ADD',
    headers: config.headers?.map((rule) => ({
      ...pattern(rule),
      headers: Object.entries(rule.headers).map(([key, value]) => ({ key, value: localHeaders(value) })),
    })),
    redirects: config.redirects?.map((rule) => ({
      ...pattern(rule),
      destination: rule.location,
      type: rule.statusCode ?? 301,
    })),
    // A rewrite to a function (the reply-speed answer) is left out: a channel served here has no
    // functions behind it, so the page meets a 404 there and shows no figure, as it would offline.
    rewrites: config.rewrites?.flatMap((rule) =>
      'path' in rule ? [{ ...pattern(rule), destination: rule.path }] : [],
    ),
  };
}

const HASH = /^[0-9a-f]{64}$/;

/**
 * Where a version's file lands in its folder, or null when the path, once resolved, would leave it
 * (`/../../x`, `/a/../../x`): a file of a version is only ever written inside that version.
 */
export function fileInside(folder: string, path: string): string | null {
  if (!path.startsWith('/') || path.includes('\\') || path.includes('\0')) return null;
  const root = resolve(folder);
  const file = resolve(root, `.${path}`);
  const inside = relative(root, file);
  const leaves = inside === '' || inside === '..' || inside.startsWith(`..${sep}`) || isAbsolute(inside);
  return leaves ? null : file;
}

/** superstatic is CommonJS with an `exports.default`: Node's ES module loader hands over the whole object. */
const superstatic =
  (superstaticModule as unknown as { default?: typeof superstaticModule }).default ?? superstaticModule;

export async function startHostingStandIn(options: StandInOptions): Promise<HostingStandIn> {
  const host = options.host ?? '127.0.0.1';
  // Port 0 takes a free port: the address is known once the server listens.
  let origin = `http://${host}:${options.port}`;
  const localHeaders = options.localHeaders ?? ((value: string) => value);
  const blobs = join(options.root, 'blobs');
  const versionsDir = join(options.root, 'versions');
  const liveDir = join(options.root, 'live');
  mkdirSync(blobs, { recursive: true });
  // Each start is a new site, as the emulators start empty: the uploaded files stay as a cache.
  rmSync(versionsDir, { recursive: true, force: true });
  mkdirSync(versionsDir, { recursive: true });
  const siteName = `sites/${options.site}`;
  const versions = new Map<string, Version>();
  const channels = new Map<string, Channel>();
  const channelServers = new Map<string, Server>();
  const uploads: string[] = [];
  let hangUploadsAfter: number | null = null;
  const hanging: ServerResponse[] = [];
  let nextChannelPort = options.channelPort;

  const versionPath = (id: string) => join(versionsDir, id);
  const publicOf = (id: string) => join(versionPath(id), 'public');
  const save = (id: string) => {
    const version = versions.get(id);
    if (version)
      writeFileSync(join(versionPath(id), 'version.json'), `${JSON.stringify(version, null, 2)}\n`);
  };

  /** Lays a finalized version out as the site: each file a hard link to its blob. */
  function materialise(id: string, version: Version): void {
    const target = publicOf(id);
    rmSync(target, { recursive: true, force: true });
    for (const [path, hash] of Object.entries(version.files)) {
      const file = fileInside(target, path);
      // populateFiles refused such a path; a version.json edited by hand is refused here too.
      if (!file) throw Object.assign(new Error(`The file path ${path} leaves the version.`), { code: 400 });
      mkdirSync(dirname(file), { recursive: true });
      linkSync(join(blobs, hash), file);
    }
  }

  /** Serves a channel's release on the channel's own address, with its version's own config. */
  async function serveChannel(channel: Channel, version: Version, id: string): Promise<void> {
    const previous = channelServers.get(channel.name);
    if (previous) await new Promise<void>((resolve) => previous.close(() => resolve()));
    const config = firebaseJsonOf(version.config, relative(options.root, publicOf(id)), localHeaders);
    // superstatic's types know only globs; it serves `regex` rules too, as Hosting's emulator does.
    const handler = superstatic({
      config: config as never,
      cwd: options.root,
      stack: 'strict',
      compression: true,
      fallthrough: false,
    });
    const serve = handler as unknown as (
      request: IncomingMessage,
      response: ServerResponse,
      next: () => void,
    ) => void;
    const server = createServer((request, response) => serve(request, response, () => response.end()));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(channel.port, host, () => resolve());
    });
    channelServers.set(channel.name, server);
  }

  function channelOf(name: string, create = false, ttl: string | null = null): Channel | undefined {
    const key = `${siteName}/channels/${name}`;
    let channel = channels.get(key);
    if (!channel && create) {
      const port = nextChannelPort;
      nextChannelPort += 1;
      channel = { name: key, url: `http://${host}:${port}`, port, expireTime: ttl, releases: [] };
      channels.set(key, channel);
    }
    return channel;
  }

  const expiry = (ttl: unknown) => {
    const seconds = typeof ttl === 'string' ? Number(/^(\d+(?:\.\d+)?)s$/.exec(ttl)?.[1]) : NaN;
    return Number.isFinite(seconds) ? new Date(Date.now() + seconds * 1000).toISOString() : null;
  };

  async function release(channelName: string, versionName: string, message: string): Promise<Release> {
    const id = versionName.split('/').at(-1) ?? '';
    const version = versions.get(id);
    if (!version || version.name !== versionName)
      throw Object.assign(new Error(`Version ${versionName} not found.`), { code: 404 });
    if (version.status !== 'FINALIZED')
      throw Object.assign(
        new Error(`Version ${versionName} is not finalized; only a FINALIZED version can be released.`),
        { code: 400 },
      );
    const channel = channelOf(channelName, channelName === 'live');
    if (!channel) throw Object.assign(new Error(`Channel ${channelName} not found.`), { code: 404 });
    const made: Release = {
      name: `${channel.name}/releases/${Date.now()}${randomBytes(3).toString('hex')}`,
      version: { name: versionName },
      releaseTime: new Date().toISOString(),
      message,
    };
    channel.releases.unshift(made);
    if (channelName === 'live') {
      // One rename: the emulator's next request sees either the old site whole or the new one whole.
      const link = `${liveDir}.${process.pid}.tmp`;
      rmSync(link, { force: true });
      symlinkSync(relative(options.root, publicOf(id)), link);
      renameSync(link, liveDir);
    }
    await serveChannel(channel, version, id);
    return made;
  }

  function createVersion(config: ServingConfig): Version {
    const id = `${Date.now().toString(16)}${randomBytes(4).toString('hex')}`;
    const version: Version = {
      name: `${siteName}/versions/${id}`,
      status: 'CREATED',
      config,
      files: {},
      createTime: new Date().toISOString(),
    };
    mkdirSync(versionPath(id), { recursive: true });
    versions.set(id, version);
    save(id);
    return version;
  }

  function finalize(id: string): string | null {
    const version = versions.get(id);
    if (!version) return 'not found';
    const missing = Object.values(version.files).filter((hash) => !existsSync(join(blobs, hash)));
    if (missing.length) return `${missing.length} files of this version were never uploaded.`;
    materialise(id, version);
    version.status = 'FINALIZED';
    save(id);
    return null;
  }

  /** The build as the first live version, as `firebase deploy` makes it. */
  async function deployBuild(build: NonNullable<StandInOptions['build']>): Promise<void> {
    const version = createVersion(servingConfigOf(build.hosting));
    const id = version.name.split('/').at(-1) ?? '';
    for (const entry of readdirSync(build.dir, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile()) continue;
      const path = relative(build.dir, join(entry.parentPath, entry.name));
      if (path.split(sep).some((part) => part.startsWith('.'))) continue;
      const data = readFileSync(join(build.dir, path));
      const { hash } = hostingFile(data);
      if (!existsSync(join(blobs, hash))) writeFileSync(join(blobs, hash), data);
      version.files[`/${path.split(sep).join('/')}`] = hash;
    }
    finalize(id);
    await release('live', version.name, 'The deployed build');
  }

  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', origin);
      const method = request.method ?? 'GET';
      if (request.headers.authorization !== `Bearer ${options.token}`)
        return googleError(
          response,
          401,
          'UNAUTHENTICATED',
          'Request had invalid authentication credentials. Expected OAuth 2 access token.',
        );
      if (url.pathname === '/state' && method === 'GET')
        return json(response, {
          versions: [...versions.values()].map(({ name, status, createTime, files }) => ({
            name,
            status,
            createTime,
            files: Object.keys(files).length,
          })),
          channels: [...channels.values()].map(({ name, url: channelUrl, releases }) => ({
            name,
            url: channelUrl,
            releases,
          })),
          uploads: uploads.length,
          hanging: hanging.length,
        });
      if (url.pathname === '/faults') {
        if (method === 'DELETE') {
          hangUploadsAfter = null;
          for (const held of hanging.splice(0)) held.destroy();
          return json(response, {});
        }
        const fault = JSON.parse((await bodyOf(request)).toString('utf8') || '{}') as {
          hangUploadsAfter?: number;
        };
        hangUploadsAfter =
          typeof fault.hangUploadsAfter === 'number' ? uploads.length + fault.hangUploadsAfter : null;
        return json(response, { hangUploadsAfter });
      }

      const upload = new RegExp(`^/upload/${siteName}/versions/([^/]+)/files/([^/]+)$`).exec(url.pathname);
      if (upload && method === 'POST') {
        const [, id = '', hash = ''] = upload;
        const version = versions.get(id);
        if (!version) return googleError(response, 404, 'NOT_FOUND', `Version ${id} not found.`);
        if (version.status !== 'CREATED')
          return googleError(
            response,
            400,
            'FAILED_PRECONDITION',
            'Files can only be uploaded to a version that is not finalized.',
          );
        const body = await bodyOf(request);
        if (hangUploadsAfter !== null && uploads.length >= hangUploadsAfter) {
          hanging.push(response);
          return;
        }
        if (!HASH.test(hash) || createHash('sha256').update(body).digest('hex') !== hash)
          return googleError(
            response,
            400,
            'INVALID_ARGUMENT',
            'The uploaded content does not match its content hash.',
          );
        let data: Buffer;
        try {
          data = gunzipSync(body);
        } catch {
          return googleError(response, 400, 'INVALID_ARGUMENT', 'The uploaded content is not gzipped.');
        }
        writeFileSync(join(blobs, hash), data);
        uploads.push(hash);
        response.writeHead(200).end();
        return;
      }

      const prefix = `/v1beta1/${siteName}`;
      if (!url.pathname.startsWith(prefix))
        return googleError(response, 404, 'NOT_FOUND', `Unknown site or path ${url.pathname}.`);
      const rest = url.pathname.slice(prefix.length);
      const body =
        method === 'GET'
          ? {}
          : (JSON.parse((await bodyOf(request)).toString('utf8') || '{}') as Record<string, unknown>);
      try {
        if (rest === '/versions' && method === 'POST') {
          if (!body.config || typeof body.config !== 'object')
            return googleError(response, 400, 'INVALID_ARGUMENT', 'A version needs its config.');
          return json(response, createVersion(body.config as ServingConfig));
        }
        const populate = /^\/versions\/([^/:]+):populateFiles$/.exec(rest);
        if (populate && method === 'POST') {
          const id = populate[1] ?? '';
          const version = versions.get(id);
          if (!version) return googleError(response, 404, 'NOT_FOUND', `Version ${id} not found.`);
          if (version.status !== 'CREATED')
            return googleError(response, 400, 'FAILED_PRECONDITION', 'The version is finalized.');
          const files = (body.files ?? {}) as Record<string, unknown>;
          for (const [path, hash] of Object.entries(files)) {
            if (
              !fileInside(publicOf(id), path) ||
              typeof hash !== 'string' ||
              (hash !== '' && !HASH.test(hash))
            )
              return googleError(
                response,
                400,
                'INVALID_ARGUMENT',
                `Bad file entry ${path}: ${String(hash)}.`,
              );
            // An empty hash takes the path out of the version, as the API documents.
            if (hash === '')
              version.files = Object.fromEntries(
                Object.entries(version.files).filter(([kept]) => kept !== path),
              );
            else version.files[path] = hash;
          }
          save(id);
          const required = [
            ...new Set(
              Object.values(files).filter((hash): hash is string => typeof hash === 'string' && hash !== ''),
            ),
          ].filter((hash) => !existsSync(join(blobs, hash)));
          return json(response, {
            uploadRequiredHashes: required,
            uploadUrl: `${origin}/upload/${siteName}/versions/${id}/files`,
          });
        }
        const patchVersion = /^\/versions\/([^/:]+)$/.exec(rest);
        if (patchVersion && method === 'PATCH') {
          const id = patchVersion[1] ?? '';
          if (url.searchParams.get('update_mask') !== 'status' || body.status !== 'FINALIZED')
            return googleError(
              response,
              400,
              'INVALID_ARGUMENT',
              'Only status can be updated, to FINALIZED.',
            );
          const problem = finalize(id);
          if (problem === 'not found')
            return googleError(response, 404, 'NOT_FOUND', `Version ${id} not found.`);
          if (problem) return googleError(response, 400, 'FAILED_PRECONDITION', problem);
          return json(response, versions.get(id));
        }
        const versionName = url.searchParams.get('versionName') ?? '';
        if (rest === '/releases' && method === 'POST')
          return json(response, await release('live', versionName, String(body.message ?? '')));
        const channelRelease = /^\/channels\/([^/]+)\/releases$/.exec(rest);
        if (channelRelease && method === 'POST')
          return json(
            response,
            await release(channelRelease[1] ?? '', versionName, String(body.message ?? '')),
          );
        if (rest === '/channels' && method === 'POST') {
          const id = url.searchParams.get('channelId') ?? '';
          if (!/^[a-z0-9-]{1,63}$/.test(id))
            return googleError(
              response,
              400,
              'INVALID_ARGUMENT',
              'A channel ID is lower-case letters, digits and hyphens.',
            );
          if (channelOf(id))
            return googleError(response, 409, 'ALREADY_EXISTS', `Channel ${id} already exists.`);
          const channel = channelOf(id, true, expiry(body.ttl));
          return json(
            response,
            channel && { name: channel.name, url: channel.url, expireTime: channel.expireTime },
          );
        }
        const channelPath = /^\/channels\/([^/]+)$/.exec(rest);
        if (channelPath) {
          const channel = channelOf(channelPath[1] ?? '');
          if (!channel)
            return googleError(response, 404, 'NOT_FOUND', `Channel ${channelPath[1]} not found.`);
          if (method === 'PATCH') channel.expireTime = expiry(body.ttl) ?? channel.expireTime;
          return json(response, {
            name: channel.name,
            url: channel.url,
            expireTime: channel.expireTime,
            release: channel.releases[0],
          });
        }
        return googleError(response, 404, 'NOT_FOUND', `No method ${method} ${rest}.`);
      } catch (error) {
        const code = (error as { code?: number }).code ?? 500;
        return googleError(
          response,
          code,
          code === 404 ? 'NOT_FOUND' : code === 400 ? 'FAILED_PRECONDITION' : 'INTERNAL',
          (error as Error).message,
        );
      }
    })().catch((error: unknown) => googleError(response, 500, 'INTERNAL', String(error)));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, host, () => resolve());
  });
  origin = `http://${host}:${(server.address() as AddressInfo).port}`;
  if (options.build) await deployBuild(options.build);
  return {
    origin,
    liveOrigin: `http://${host}:${options.channelPort}`,
    liveDir,
    uploads,
    liveVersion: () => channelOf('live')?.releases[0]?.version.name ?? null,
    async close() {
      for (const held of hanging.splice(0)) held.destroy();
      await Promise.all(
        [server, ...channelServers.values()].map(
          (open) =>
            new Promise<void>((resolve) => {
              open.closeAllConnections();
              open.close(() => resolve());
            }),
        ),
      );
    },
  };
}
