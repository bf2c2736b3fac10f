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
 * index.html, as built: (1) the early entry (`earlyFile`: it builds the bridge, which opens the
 * socket, and starts the first view's fetch) runs as an async module script as soon as that small
 * file is here, so the socket is usually open by the time the main entry (which imports the same
 * module, so the same socket) sends the start-up reads; (2)
 * React and the shell (`appFile`) and their static imports are `modulepreload`s, fetched and
 * parsed beside the entry, which imports them with `import()` (whose fetch would otherwise start
 * only once the entry has been evaluated). Both are needed whatever the first view.
 */
function startupTags(earlyFile: string, appFile: string): Plugin {
  return {
    name: 'marketdesk:startup-tags',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle as Bundle | undefined;
        if (!bundle) return [];
        const early = chunkOf(bundle, (chunk) => chunk.isEntry && chunk.facadeModuleId === earlyFile, earlyFile);
        const app = chunkOf(bundle, (chunk) => chunk.moduleIds?.includes(appFile), appFile);
        const files = new Set<string>();
        const visit = (file: string) => {
          if (files.has(file) || html.includes(`"./${file}"`)) return; // the entry's imports are linked already
          files.add(file);
          for (const next of bundle[file]?.imports ?? []) visit(next);
        };
        visit(app);
        return [
          { tag: 'script', attrs: { type: 'module', async: true, crossorigin: true, src: `./${early}` }, injectTo: 'head' as const },
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
 * A code-splitting group that makes the start-up's own code a few files: what the main entry
 * (`entryFile`) imports statically beyond the early entry (`earlyFile`: the socket, the first
 * view's fetch) is one chunk, `startup`; what the shell (`appFile`: React's renderer and the
 * shell) imports beyond both is another, `renderApp`. Left to the automatic splitting, each module
 * these share with a view (a store, a dialog, a field, a hook) became a chunk of its own: twenty
 * small requests before the first render. Paths are absolute.
 */
function startupChunkGroup(earlyFile: string, entryFile: string, appFile: string) {
  let groupOf: Map<string, string> | null = null;
  return {
    debugName: 'startup',
    name: (id: string, context: GraphContext): string | null => {
      if (groupOf === null) {
        const early = staticClosure(context, earlyFile);
        const entry = staticClosure(context, entryFile);
        groupOf = new Map();
        for (const member of staticClosure(context, appFile)) if (!entry.has(member)) groupOf.set(member, 'renderApp');
        // The entry's own module stays in the entry's chunk: emptied, the Electron build drops it
        // and lists its imports as scripts of their own.
        for (const member of entry) if (!early.has(member) && member !== entryFile) groupOf.set(member, 'startup');
      }
      return groupOf.get(id) ?? null;
    },
    // A chunk's own dependencies stay where they are: the shell imports the stores, it does not take them.
    includeDependenciesRecursively: false,
  };
}

const renderer = (file: string) => resolve(import.meta.dirname, 'src/renderer', file);

/**
 * How the renderer's start-up is chunked (issue 22, renderer startup; decision 50/05): the early
 * entry (startEarly.ts) opens the socket and starts the first view's fetch; the main entry
 * (main.tsx) wires the stores and sends the start-up reads; React and the shell (renderApp.tsx)
 * are one chunk apart from both, preloaded by index.html.
 */
export const rendererStartup = {
  input: { index: renderer('index.html'), startEarly: renderer('startEarly.ts') },
  plugin: startupTags(renderer('startEarly.ts'), renderer('renderApp.tsx')),
  codeSplitting: { groups: [startupChunkGroup(renderer('startEarly.ts'), renderer('main.tsx'), renderer('renderApp.tsx'))] },
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
