// Builds the renderer alone (browser mode and E2E tests): the same output the Electron build makes
// (electron.vite.config.ts takes `rendererStartup` from here).
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { resolve } from 'node:path';

type Bundle = Record<string, { type: string; isEntry?: boolean; facadeModuleId?: string | null; moduleIds?: string[]; imports?: string[] }>;

const chunkOf = (bundle: Bundle, test: (chunk: Bundle[string]) => boolean | undefined, what: string): string => {
  const found = Object.entries(bundle).find(([, chunk]) => chunk.type === 'chunk' && test(chunk));
  if (!found) throw new Error(`the renderer build has no chunk for ${what}`);
  return found[0];
};

/**
 * index.html, as built: (1) the bridge (`bridgeFile`, an entry of its own) runs as an async module
 * script, so the socket is opened as soon as that small file is here, and is open by the time
 * the entry (which imports the same module, so the same socket) sends the start-up reads; (2)
 * React and the shell (`appFile`) and their static imports are `modulepreload`s, fetched and
 * parsed beside the entry, which imports them with `import()` (whose fetch would otherwise start
 * only once the entry has been evaluated). Both are needed whatever the first view.
 */
function startupTags(bridgeFile: string, appFile: string): Plugin {
  return {
    name: 'marketdesk:startup-tags',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const bundle = context.bundle as Bundle | undefined;
        if (!bundle) return [];
        const bridge = chunkOf(bundle, (chunk) => chunk.isEntry && chunk.facadeModuleId === bridgeFile, bridgeFile);
        const app = chunkOf(bundle, (chunk) => chunk.moduleIds?.includes(appFile), appFile);
        const entryImports = new Set(context.chunk?.imports ?? []);
        const files = new Set<string>();
        const visit = (file: string) => {
          if (files.has(file) || entryImports.has(file) || file === context.chunk?.fileName) return;
          files.add(file);
          for (const next of bundle[file]?.imports ?? []) visit(next);
        };
        visit(app);
        return [
          { tag: 'script', attrs: { type: 'module', async: true, crossorigin: true, src: `./${bridge}` }, injectTo: 'head' as const },
          ...[...files].map((file) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `./${file}` }, injectTo: 'head' as const })),
        ];
      },
    },
  };
}

interface GraphContext {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null;
}

/** Every module `from` imports statically, transitively (itself included). */
function staticClosure(context: GraphContext, from: string): Set<string> {
  const into = new Set<string>();
  const stack = [from];
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (into.has(id)) continue;
    into.add(id);
    stack.push(...(context.getModuleInfo(id)?.importedIds ?? []));
  }
  return into;
}

/**
 * A code-splitting group that keeps React and the shell in one chunk: every module the shell
 * (`appFile`, an absolute path) imports statically and the entry (`entryFile`) does not. Left to
 * the automatic splitting, each module the shell shares with a view (a dialog, a field, a hook)
 * became a chunk of its own: fifteen small requests before the first render instead of one.
 */
function appChunkGroup(entryFile: string, appFile: string) {
  let members: Set<string> | null = null;
  return {
    debugName: 'renderApp',
    name: (id: string, context: GraphContext): string | null => {
      if (members === null) {
        const entry = staticClosure(context, entryFile);
        members = new Set([...staticClosure(context, appFile)].filter((member) => !entry.has(member)));
      }
      return members.has(id) ? 'renderApp' : null;
    },
    // The entry's modules (the stores) stay in the entry: the shell imports them from there.
    includeDependenciesRecursively: false,
  };
}

const renderer = (file: string) => resolve(import.meta.dirname, 'src/renderer', file);

/**
 * How the renderer's start-up is chunked (issue 22, renderer startup; decision 50/05): the bridge
 * (bridge/api.ts) is an entry of its own that opens the socket first; the entry (main.tsx) wires
 * the stores and sends the start-up reads; React and the shell (renderApp.tsx) are one chunk
 * apart from it, preloaded by index.html.
 */
export const rendererStartup = {
  input: { index: renderer('index.html'), startEarly: renderer('startEarly.ts') },
  plugin: startupTags(renderer('startEarly.ts'), renderer('renderApp.tsx')),
  codeSplitting: { groups: [appChunkGroup(renderer('main.tsx'), renderer('renderApp.tsx'))] },
};

export default defineConfig({
  root: resolve(import.meta.dirname, 'src/renderer'),
  base: './',
  plugins: [react(), rendererStartup.plugin],
  build: {
    outDir: resolve(import.meta.dirname, 'out/renderer'),
    emptyOutDir: true,
    target: 'chrome120',
    // The chunk graph (which files a view needs) for test/unit/renderer/firstLoadBytes.test.ts.
    manifest: true,
    // Each view is its own chunk (views/viewLoaders.tsx), and so are React and the shell. Vite's
    // 500 kB warning stays in force: a chunk over it is a regression to fix, not to hide.
    rolldownOptions: { input: rendererStartup.input, output: { codeSplitting: rendererStartup.codeSplitting } },
  },
});
