import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig, loadEnv } from 'vite';
import { emulatorPorts } from './scripts/lib/emulator-ports';
import { retentionDaysFor } from './scripts/lib/retention-param';

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** The copyright year comes from the build date, not from the copy (the site is rebuilt to release). */
export const BUILD_YEAR = new Date().getFullYear();

/**
 * Six characters of hash (36 bits) tell one release's file from the next as well as Vite's eight,
 * and a page's URLs (its pictures' srcsets, its modules) are the least compressible bytes of its
 * first round trip.
 */
const HASH = '[hash:6]';
const ASSET_FILE_NAMES = `assets/[name]-${HASH}[extname]`;

/** Builds the React site in web/ into dist/site; `--ssr` builds the prerender bundle into .ssr. */
export default defineConfig(({ isSsrBuild, mode }) => ({
  root: fromRoot('./web'),
  publicDir: fromRoot('./web/public'),
  envDir: fromRoot('./'),
  plugins: [react()],
  define: {
    __BUILD_YEAR__: JSON.stringify(BUILD_YEAR),
    // The privacy policy names the period the functions of the project built for keep.
    __ENQUIRY_RETENTION_DAYS__: JSON.stringify(
      retentionDaysFor(
        fromRoot('./functions'),
        loadEnv(mode, fromRoot('./'), 'VITE_').VITE_FIREBASE_PROJECT_ID ?? 'demo-sme-hair',
      ),
    ),
    // Where the local emulators listen, for a build that talks to them.
    __EMULATOR_PORTS__: JSON.stringify(emulatorPorts(fromRoot('./firebase.json'))),
  },
  // `@contract/*` (functions/src/contract, shared with the functions) is declared once, in tsconfig.json.
  resolve: { tsconfigPaths: true },
  build: {
    outDir: isSsrBuild ? fromRoot('./.ssr') : fromRoot('./dist/site'),
    emptyOutDir: true,
    target: 'es2022',
    manifest: !isSsrBuild,
    ssrManifest: false,
    assetsInlineLimit: 0,
    // One stylesheet for every page, linked in the prerendered HTML: islands' chunks must not
    // bring their own CSS later (that would shift the layout after first paint).
    cssCodeSplit: false,
    modulePreload: { polyfill: false },
    rolldownOptions: isSsrBuild
      ? // The server bundle names the pictures the pages show: as the browser's build writes them.
        { output: { assetFileNames: ASSET_FILE_NAMES } }
      : {
          // The browser's entry (index.html: the islands' runtime, every page) and the whole site's
          // module graph, which no browser loads, for the stylesheet (see src/entry-styles.ts).
          input: { index: fromRoot('./web/index.html'), styles: fromRoot('./web/src/entry-styles.ts') },
          output: {
            assetFileNames: ASSET_FILE_NAMES,
            chunkFileNames: `assets/[name]-${HASH}.js`,
            entryFileNames: `assets/[name]-${HASH}.js`,
          },
        },
  },
  server: { host: '127.0.0.1', port: 5173, strictPort: true },
  preview: { host: '127.0.0.1', port: 4173 },
}));
