// @ts-check
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import tseslint from 'typescript-eslint';

const FEATURES = 'web/src/features';

/** One zone per folder under web/src/features: a feature imports itself and no other feature. */
const featureZones = readdirSync(new URL(`./${FEATURES}`, import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map(({ name }) => ({
    target: `${FEATURES}/${name}`,
    from: FEATURES,
    except: [`./${name}`],
    message: `Features do not import each other (${name} imports another feature): move what two features share into components/ or lib/.`,
  }));

const INBOX = `${FEATURES}/inbox`;

/**
 * The owner's Site part (inbox/site/) and the sales inbox around it stay apart: both reach the
 * server through api/, and the Site part borrows only two of the inbox's own pieces, so the two
 * read and behave alike: when-text.ts (a date's wording: "Last changed …") and form-parts.tsx (a
 * save button, a colleague's newer version, a box of several lines with its note). The other way,
 * only the shell (inbox.tsx) names site/: its router mounts the Site part as a chunk of its own.
 * The shared CSS (inbox-fields.css and the rest) reaches both through inbox.css, not imports.
 */
const SITE_PART_BORROWS = ['./site', './api', './when-text.ts', './form-parts.tsx'];
const SITE_PART_MOUNT = 'inbox.tsx';
const inboxSiteZones = [
  {
    target: `${INBOX}/site`,
    from: INBOX,
    except: SITE_PART_BORROWS,
    message:
      'The Site part (inbox/site/) uses the rest of the inbox only through api/, when-text.ts and form-parts.tsx.',
  },
  {
    target: readdirSync(new URL(`./${INBOX}`, import.meta.url))
      .filter((name) => name !== 'site' && name !== SITE_PART_MOUNT)
      .map((name) => `${INBOX}/${name}`),
    from: `${INBOX}/site`,
    message:
      'The sales inbox does not import the Site part (inbox/site/): only inbox.tsx mounts it; share through api/ instead.',
  },
];

/** Each zone: files in `target` must not import from `from` (paths from the repository root). */
export const layerZones = [
  {
    target: ['web/src/components', 'web/src/lib', 'web/src/config', 'web/src/content', 'web/src/assets'],
    from: ['web/src/features', 'web/src/app'],
    message: 'Shared code (components, lib, config, content, assets) must not import features or the app.',
  },
  {
    target: 'web/src/features',
    from: 'web/src/app',
    message:
      'Features must not import the app layer: move what they need (paths, hooks) into config/ or lib/.',
  },
  {
    target: 'web/src/app',
    from: 'web/src/features/**/*.css',
    message: "A page must not import a feature's private stylesheet: give the page a stylesheet of its own.",
  },
  {
    target: 'web',
    from: 'functions',
    except: ['./src/contract'],
    message:
      'Web code may import the enquiry contract (@contract/*, functions/src/contract) and nothing else of functions/.',
  },
  {
    target: 'functions/src/contract',
    from: ['functions', 'web', 'renderer', 'scripts', 'tests'],
    except: ['./src/contract'],
    message: 'The contract is self-contained: it imports only other contract modules.',
  },
  {
    target: 'renderer',
    from: ['scripts', 'tests'],
    message:
      'The renderer runs in every publish: it imports nothing from the developer tools (scripts/) or the tests.',
  },
  {
    target: ['functions/src', 'web'],
    from: 'renderer',
    message:
      'The functions get the renderer only as the bundle the build packages (functions/lib/site-bundle), and the web never: neither imports renderer/.',
  },
  ...featureZones,
  ...inboxSiteZones,
  ...functionsZones(),
];

/**
 * The functions' floors: contract ← logs ← channels (mail, whatsapp) ← enquiry ← inbox ← site ←
 * config, index. A channel is handed what it needs (by enquiry/ and inbox/) and imports neither the other
 * channel nor the code that uses it; the enquiry code never reaches into the inbox's callables;
 * only the entry point and the local sweep read the params (config.ts).
 */
function functionsZones() {
  const src = 'functions/src';
  const wiring = [`${src}/config.ts`, `${src}/index.ts`];
  const channel = (name, other) => ({
    target: `${src}/channels/${name}`,
    from: [`${src}/enquiry`, `${src}/inbox`, `${src}/channels/${other}`, ...wiring],
    message: `The ${name} channel is handed what it needs: it imports neither the ${other} channel nor enquiry/, inbox/ or the params.`,
  });
  return [
    channel('mail', 'whatsapp'),
    channel('whatsapp', 'mail'),
    {
      target: `${src}/enquiry`,
      from: [`${src}/inbox`, ...wiring],
      message:
        'The enquiry code does not import the inbox callables or the params: it is handed its dependencies.',
    },
    {
      target: `${src}/inbox`,
      from: wiring,
      message:
        'The inbox callables are handed their dependencies: they do not import the params or the entry point.',
    },
    {
      target: `${src}/site`,
      from: [`${src}/enquiry`, `${src}/channels`, ...wiring],
      message:
        'The site publishing code is handed its dependencies: it uses the inbox callers’ checks, not enquiry delivery, the channels or the params.',
    },
    {
      target: [`${src}/enquiry`, `${src}/inbox`, `${src}/channels`],
      from: `${src}/site`,
      message: 'Enquiries, the inbox and the channels know nothing of publishing the site.',
    },
    {
      target: [`${src}/logs.ts`, `${src}/dotenv.ts`],
      from: [`${src}/enquiry`, `${src}/inbox`, `${src}/channels`, `${src}/site`, ...wiring],
      message: 'logs.ts and dotenv.ts are floors everything stands on: they import only the contract.',
    },
  ];
}

/**
 * One direction of imports: shared code (components, lib, config, content, assets) ← features ←
 * app, and no feature imports another. The renderer (renderer/) stands on the web and the functions'
 * site code: neither imports it, and it imports no tool or test. A page may use a feature's
 * components, but not its private stylesheet. No circles anywhere. Modules are named without their
 * extension.
 * scripts/eslint-layering.test.ts lints fixtures with this block so it cannot silently stop working.
 */
export const layering = {
  files: [
    'web/**/*.{ts,tsx}',
    'functions/src/**/*.ts',
    'renderer/**/*.ts',
    'scripts/**/*.ts',
    'tests/**/*.ts',
  ],
  plugins: { 'import-x': importX },
  settings: {
    'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
    'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    'import-x/resolver-next': [
      createTypeScriptImportResolver({
        project: ['tsconfig.json', 'functions/tsconfig.json'].map((file) => `${import.meta.dirname}/${file}`),
        noWarnOnMultipleProjects: true,
      }),
    ],
  },
  rules: {
    'import-x/no-cycle': ['error', { ignoreExternal: true }],
    'import-x/no-restricted-paths': ['error', { zones: layerZones, basePath: import.meta.dirname }],
    // One spelling of a module's name everywhere: without its extension, which the web's, the
    // scripts' and the tests' bundler resolution and the functions' CommonJS (node16) resolution all
    // allow; stylesheets and JSON keep theirs, since they are not modules the compilers resolve.
    'import-x/extensions': [
      'error',
      'never',
      { ignorePackages: true, checkTypeImports: true, fix: true, pattern: { css: 'always', json: 'always' } },
    ],
  },
};

/** The only web modules that may load the Firebase SDK: the public forms' store and its settings, and the inbox's data layer. */
const FIREBASE_SDK_DOORS = [
  'web/src/lib/firebase.ts',
  'web/src/lib/firebase-config.ts',
  'web/src/features/inbox/api/**',
];
const FIREBASE_SDK_MESSAGE =
  'Only lib/firebase.ts (with lib/firebase-config.ts) and features/inbox/api/ touch the Firebase SDK: call them instead.';

/**
 * The Firebase SDK (`firebase`, `firebase/*`, `@firebase/*`) stays behind these doors, whether a
 * module imports it (no-restricted-imports) or fetches it with import(), as both doors do
 * (no-restricted-syntax). A regex, since gitignore-style patterns would also match a relative
 * '../../lib/firebase'. scripts/eslint-layering.test.ts lints fixtures with this block.
 */
export const firebaseDoors = {
  files: ['web/**/*.{ts,tsx}'],
  ignores: FIREBASE_SDK_DOORS,
  rules: {
    'no-restricted-imports': [
      'error',
      { patterns: [{ regex: '^@?firebase(/|$)', message: FIREBASE_SDK_MESSAGE }] },
    ],
    'no-restricted-syntax': [
      'error',
      { selector: 'ImportExpression[source.value=/^@?firebase(\\/|$)/]', message: FIREBASE_SDK_MESSAGE },
    ],
  },
};

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      'dist',
      '.ssr',
      '.cache',
      'functions/lib',
      'artifacts',
      'coverage',
      'web/src/assets/generated',
      // Broken on purpose: the layering rules must report them (scripts/eslint-layering.test.ts).
      'scripts/fixtures/layering',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.strict.rules,
    },
  },
  layering,
  firebaseDoors,
);
