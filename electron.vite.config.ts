// electron-vite build of the desktop app: main (ESM, like the package) → out/main, the preload
// (one CommonJS file: sandboxed preloads can only require `electron`) → out/preload, and the
// renderer → out/renderer, the same output `npm run build:renderer` makes for browser mode.
import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';
import { resolve } from 'node:path';
import { rendererStartup } from './vite.renderer.config';

const root = import.meta.dirname;

export default defineConfig({
  main: {
    build: {
      outDir: resolve(root, 'out/main'),
      // The workers are entries of their own, started beside the bundle: the sandbox's page
      // worker (src/sandbox/analytics/pageThread.ts starts out/main/pageWorker.js) and the history
      // walks' writer (src/main/core/history/walkWriter.ts starts out/main/walkWriterWorker.js).
      lib: {
        entry: {
          index: resolve(root, 'src/main/electron/index.ts'),
          pageWorker: resolve(root, 'src/sandbox/analytics/pageWorker.ts'),
          walkWriterWorker: resolve(root, 'src/main/core/history/walkWriterWorker.ts'),
        },
        formats: ['es'],
        fileName: (_format, name) => `${name}.js`,
      },
    },
  },
  preload: {
    build: {
      outDir: resolve(root, 'out/preload'),
      lib: { entry: resolve(root, 'src/preload/index.ts'), formats: ['cjs'], fileName: () => 'index.cjs' },
      // The sandbox has no module loader: whatever the preload imports must be inlined (it imports
      // the zod-free bridgeApi, not the contract, so zod stays out).
      externalizeDeps: false,
    },
  },
  renderer: {
    root: resolve(root, 'src/renderer'),
    plugins: [react(), rendererStartup.plugin],
    build: {
      outDir: resolve(root, 'out/renderer'),
      // electron-vite leaves the renderer unminified unless told: the app would parse a 748 KB
      // entry where browser mode parses 303 KB (vite.renderer.config.ts minifies by default).
      minify: true,
      target: 'chrome120',
      rolldownOptions: { input: rendererStartup.input, output: { codeSplitting: rendererStartup.codeSplitting } },
    },
  },
});
