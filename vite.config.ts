import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

const SHELL_MODULES =
  /\/node_modules\/(react|react-dom|scheduler|wouter|regexparam)\/|\/web\/src\/(app\/(app|routes|lazy-page)\.tsx?$|app\/shell\/|app\/pages\/not-found-page|components\/|lib\/(hydration|code-loading)\.ts$|features\/seo\/page-head|content\/(site|pages)\.ts$|assets\/image-specs)/;
/** What every page with a form (or a popup form) needs before the form's own code: one file. */
const FORM_SLOT_MODULES =
  /\/web\/src\/features\/enquiry\/(enquiry-form-slot|enquiry-session|form-draft|prerendered-form)\.tsx?$/;

/** The copyright year comes from the build date, not from the copy (the site is rebuilt to release). */
export const BUILD_YEAR = new Date().getFullYear();

/** Builds the React site in web/ into dist/site; `--ssr` builds the prerender bundle into .ssr. */
export default defineConfig(({ isSsrBuild }) => ({
  root: fromRoot('./web'),
  publicDir: fromRoot('./web/public'),
  envDir: fromRoot('./'),
  plugins: [react()],
  define: { __BUILD_YEAR__: JSON.stringify(BUILD_YEAR) },
  // `@contract/*` (functions/src/contract, shared with the functions) is declared once, in tsconfig.json.
  resolve: { tsconfigPaths: true },
  build: {
    outDir: isSsrBuild ? fromRoot('./.ssr') : fromRoot('./dist/site'),
    emptyOutDir: true,
    target: 'es2022',
    manifest: !isSsrBuild,
    ssrManifest: false,
    assetsInlineLimit: 0,
    // One stylesheet for every page, linked in the prerendered HTML: lazy page chunks must not
    // bring their own CSS later (that would shift the layout after first paint).
    cssCodeSplit: false,
    modulePreload: { polyfill: false },
    rolldownOptions: isSsrBuild
      ? {}
      : {
          output: {
            codeSplitting: {
              groups: [
                {
                  // React, the router and the site's shell: needed by every page, so one file
                  // (fewer requests before first paint) instead of a dozen small shared chunks.
                  name: 'shell',
                  test: SHELL_MODULES,
                },
                { name: 'enquiry-form-slot', test: FORM_SLOT_MODULES },
              ],
            },
          },
        },
  },
  server: { host: '127.0.0.1', port: 5173, strictPort: true },
  preview: { host: '127.0.0.1', port: 4173 },
}));
