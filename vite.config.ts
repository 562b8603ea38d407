import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** Builds the React site in web/ into dist/site; `--ssr` builds the prerender bundle into .ssr. */
export default defineConfig(({ isSsrBuild }) => ({
  root: fromRoot('./web'),
  publicDir: fromRoot('./web/public'),
  envDir: fromRoot('./'),
  plugins: [react()],
  resolve: {
    alias: { '@contract': fromRoot('./functions/src/contract') },
  },
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
  },
  server: { host: '127.0.0.1', port: 5173, strictPort: true },
  preview: { host: '127.0.0.1', port: 4173 },
}));
