/**
 * The layering rules in eslint.config.js report what they exist to stop: a feature importing the
 * app layer or another feature, an import cycle, web code importing the functions beyond the enquiry
 * contract, the contract importing anything outside itself, web code outside lib/firebase.ts and
 * the inbox's api/ importing the Firebase SDK, the owner's Site part and the rest of the inbox
 * reaching into each other, the functions' floors (channels, enquiry, inbox, params) leaking
 * upwards or sideways, and the renderer importing the tools or being imported by the functions or
 * the web, and a module named with its extension. If a plugin upgrade or a config slip turned them off,
 * `npm run lint` would stay green while the layers leak; this test turns red instead.
 */
import { ESLint, type Linter } from 'eslint';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The repository's own lint config (plain JavaScript, so imported by address, not typed).
const { layering, layerZones, firebaseDoors } = (await import(
  new URL('../eslint.config.js', import.meta.url).href
)) as {
  layering: Linter.Config;
  layerZones: unknown[];
  firebaseDoors: Linter.Config;
};

const FIXTURE_ROOT = fileURLToPath(new URL('./fixtures/layering/', import.meta.url));

async function lint(file: string) {
  const eslint = new ESLint({
    cwd: FIXTURE_ROOT,
    overrideConfigFile: true,
    overrideConfig: [
      { languageOptions: { parser: (await import('typescript-eslint')).parser } },
      layering,
      // The same zones, measured from the fixture's root instead of the repository's.
      { rules: { 'import-x/no-restricted-paths': ['error', { zones: layerZones, basePath: FIXTURE_ROOT }] } },
      firebaseDoors,
    ],
  });
  const [result] = await eslint.lintFiles([file]);
  return (result?.messages ?? []).map((message) => ({
    rule: message.ruleId,
    severity: message.severity,
    line: message.line,
  }));
}

describe('import layering lint rules', () => {
  it('reports a feature importing the app layer as an error', async () => {
    expect(await lint('web/src/features/enquiry/enquiry-form.ts')).toEqual([
      { rule: 'import-x/no-restricted-paths', severity: 2, line: 2 },
    ]);
  }, 60_000);

  it('reports a feature importing another feature as an error', async () => {
    expect(await lint('web/src/features/enquiry/promo-popup-island.ts')).toEqual([
      { rule: 'import-x/no-restricted-paths', severity: 2, line: 2 },
    ]);
  }, 60_000);

  it('reports an import cycle as an error', async () => {
    expect(await lint('web/src/lib/cycle-a.ts')).toEqual([
      { rule: 'import-x/no-cycle', severity: 2, line: 2 },
    ]);
  }, 60_000);

  it('reports web code importing the functions (other than the contract) as an error', async () => {
    expect(await lint('web/src/features/inbox/inbox-model.ts')).toEqual([
      { rule: 'import-x/no-restricted-paths', severity: 2, line: 2 },
    ]);
  }, 60_000);

  it('reports the contract importing anything outside its folder as an error', async () => {
    expect(await lint('functions/src/contract/enquiry/enquiry-columns.ts')).toEqual([
      { rule: 'import-x/no-restricted-paths', severity: 2, line: 2 },
    ]);
  }, 60_000);

  it('reports a web module importing the Firebase SDK outside lib/firebase.ts and the inbox api as an error', async () => {
    expect(await lint('web/src/features/enquiry/enquiry-store.ts')).toEqual([
      { rule: 'no-restricted-imports', severity: 2, line: 2 },
    ]);
  }, 60_000);

  it('reports a web module fetching the Firebase SDK with import() outside its doors as an error', async () => {
    expect(await lint('web/src/features/inbox/inbox-session.ts')).toEqual([
      { rule: 'no-restricted-syntax', severity: 2, line: 3 },
    ]);
  }, 60_000);

  it("lets the inbox's data layer import the Firebase SDK and fetch it with import()", async () => {
    expect(await lint('web/src/features/inbox/api/connection.ts')).toEqual([]);
  }, 60_000);

  it('reports the Site part importing the rest of the inbox (beyond api/ and its borrowed pieces) as an error', async () => {
    expect(await lint('web/src/features/inbox/site/section-form.ts')).toEqual([
      { rule: 'import-x/no-restricted-paths', severity: 2, line: 2 },
    ]);
  }, 60_000);

  it('reports the inbox (beyond its shell) importing the Site part as an error', async () => {
    expect(await lint('web/src/features/inbox/list/enquiry-list.ts')).toEqual([
      { rule: 'import-x/no-restricted-paths', severity: 2, line: 2 },
    ]);
  }, 60_000);

  it("lets the Site part use the inbox's api/ and a borrowed piece, and the shell mount the Site part", async () => {
    expect(await lint('web/src/features/inbox/site/site-part.ts')).toEqual([]);
    expect(await lint('web/src/features/inbox/inbox.tsx')).toEqual([]);
  }, 60_000);

  it.each([
    ['one channel importing the other', 'functions/src/channels/whatsapp/alert-text.ts'],
    ['a channel importing the enquiry code', 'functions/src/channels/mail/digest-email.ts'],
    ["the enquiry code importing the inbox's callables", 'functions/src/enquiry/admission.ts'],
    ['an inbox callable importing the params', 'functions/src/inbox/resend.ts'],
    ['the logs importing the enquiry code', 'functions/src/logs.ts'],
  ])(
    'reports %s as an error',
    async (_, file) => {
      expect(await lint(file)).toEqual([{ rule: 'import-x/no-restricted-paths', severity: 2, line: 2 }]);
    },
    60_000,
  );

  it.each([
    ["the renderer importing a developer tool's module", 'renderer/site-render.ts'],
    ['the renderer importing a test helper', 'renderer/critical-path.ts'],
    ["the functions' site code importing the renderer's source", 'functions/src/site/publish.ts'],
    ['web code importing the renderer', 'web/src/lib/page-html.ts'],
  ])(
    'reports %s as an error',
    async (_, file) => {
      expect(await lint(file)).toEqual([{ rule: 'import-x/no-restricted-paths', severity: 2, line: 2 }]);
    },
    60_000,
  );

  it("lets the renderer import the functions' type of the bundle, and the build import the renderer", async () => {
    expect(await lint('renderer/site-bundle.ts')).toEqual([]);
    expect(await lint('scripts/prerender.ts')).toEqual([]);
  }, 60_000);

  it('lets the enquiry code import a channel and the logs', async () => {
    expect(await lint('functions/src/enquiry/delivery.ts')).toEqual([]);
  }, 60_000);

  it('reports a module named with its extension as an error, and leaves one named without it', async () => {
    expect(await lint('scripts/spelled-with-extension.ts')).toEqual([
      { rule: 'import-x/extensions', severity: 2, line: 2 },
    ]);
  }, 60_000);

  it('lets the app import a feature and a module import a leaf', async () => {
    expect(await lint('web/src/app/routes.ts')).toEqual([]);
  }, 60_000);
});
