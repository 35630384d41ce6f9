import { defineConfig, transformWithOxc, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { firstViews } from './first-views';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * MUI's createTheme and ThemeProvider import the CSS-variables theme machinery (createThemeWithVars,
 * CssVarsProvider: ~8 KB gzip on every page) even for a theme without `cssVariables`, as ours is
 * (src/theme.ts). Inside those two modules only, the imports are swapped for stubs that throw if ever
 * reached; the budget test (test/bundle-budget.test.ts) notices if an MUI upgrade moves things around.
 * docs/decisions/0011-public-bundle.md.
 */
function muiWithoutCssVars(): Plugin {
  const STUB = '\0mui-css-vars-stub:';
  const importers = /[\\/]@mui[\\/]material[\\/]styles[\\/](createTheme|ThemeProvider)\.m?js$/;
  const stubs: Record<string, string> = {
    './createThemeWithVars.mjs': 'export default function createThemeWithVars() {',
    './ThemeProviderWithVars.mjs': 'export function CssVarsProvider() {',
  };
  return {
    name: 'mui-without-css-vars',
    enforce: 'pre',
    apply: 'build',
    resolveId(source, importer) {
      if (importer && importers.test(importer) && source in stubs) return STUB + source;
      return null;
    },
    load(id) {
      if (!id.startsWith(STUB)) return null;
      const head = stubs[id.slice(STUB.length)];
      return `${head}\n  throw new Error('MUI CSS variables are left out of this build (frontend/vite.config.ts)');\n}\n`;
    },
  };
}

/**
 * MUI's Button and IconButton import CircularProgress (~1.1 KB gzip on every page) for their `loading` prop,
 * which no screen uses. Inside those two modules only, it is swapped for a stub that throws if a button is
 * ever given `loading`; a screen that wants a spinner imports CircularProgress itself.
 * docs/decisions/0021-button-without-spinner.md.
 */
function muiButtonsWithoutSpinner(): Plugin {
  const STUB = '\0mui-button-spinner-stub';
  const importers = /[\\/]@mui[\\/]material[\\/](Button|IconButton)[\\/](Button|IconButton)\.m?js$/;
  return {
    name: 'mui-buttons-without-spinner',
    enforce: 'pre',
    apply: 'build',
    resolveId(source, importer) {
      if (importer && importers.test(importer) && source === '../CircularProgress/index.mjs') return STUB;
      return null;
    },
    load(id) {
      if (id !== STUB) return null;
      return "export default function CircularProgress() {\n  throw new Error('The loading spinner of MUI buttons is left out of this build (frontend/vite.config.ts)');\n}\n";
    },
  };
}

/**
 * `./hi?messages=public`, `./hi?messages=status`, `./hi?messages=form` and `./hi?messages=staff` (src/lib/i18n/index.ts): the
 * top-level groups of hi.ts (or en.ts) that the public pages use at start-up (PUBLIC_GROUPS in
 * src/lib/i18n/parts.ts), those they fetch when first needed (STATUS_GROUPS), the registration form's own few
 * texts (FORM_KEYS, fetched with the form), or all the others, as a JSON module. The files themselves stay whole,
 * with their types.
 */
function messageParts(): Plugin {
  const ID = /[\\/]src[\\/]lib[\\/]i18n[\\/](en|hi)\.ts\?messages=(public|status|staff|form)$/;
  /** Runs a module that imports only types (en.ts, hi.ts, parts.ts) and returns its exports. */
  const evaluate = async (file: string) => {
    const { code } = await transformWithOxc(readFileSync(file, 'utf8'), file, { lang: 'ts' });
    return (await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`)) as Record<string, unknown>;
  };
  return {
    name: 'message-parts',
    async load(id) {
      const m = ID.exec(id);
      if (!m) return null;
      const file = id.slice(0, id.indexOf('?'));
      const groupsFile = file.replace(/(en|hi)\.ts$/, 'parts.ts');
      this.addWatchFile(file);
      this.addWatchFile(groupsFile);
      const messages = (await evaluate(file))[m[1]] as Record<string, Record<string, unknown>> | undefined;
      const groupsOf = await evaluate(groupsFile);
      const publicGroups = groupsOf.PUBLIC_GROUPS as readonly string[] | undefined;
      const statusGroups = groupsOf.STATUS_GROUPS as readonly string[] | undefined;
      const formKeys = groupsOf.FORM_KEYS as readonly string[] | undefined;
      if (!messages || !publicGroups || !statusGroups || !formKeys) {
        throw new Error(`${file} or ${groupsFile} does not export what message-parts expects`);
      }
      const partOf = (group: string) =>
        publicGroups.includes(group) ? 'public' : statusGroups.includes(group) ? 'status' : 'staff';
      const keysOf = formKeys.map((path) => path.split('.') as [string, string]);
      let part: Record<string, unknown>;
      if (m[2] === 'form') {
        // The registration form's own texts (FORM_KEYS), each under its group.
        part = {};
        for (const [group, key] of keysOf)
          part[group] = { ...(part[group] as object | undefined), [key]: messages[group]?.[key] };
      } else {
        part = Object.fromEntries(Object.entries(messages).filter(([group]) => partOf(group) === m[2]));
        // The public part leaves the form's texts to the form's part.
        if (m[2] === 'public')
          for (const [group, key] of keysOf) {
            if (!part[group]) continue;
            const { [key]: _left, ...rest } = part[group] as Record<string, unknown>;
            part[group] = rest;
          }
      }
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(part))});\n`;
    },
  };
}

/**
 * main.tsx is a small entry that imports the app (src/render.tsx) dynamically, next to the page's own code:
 * index.html preloads the app's chunks too, so their download starts with the page (as the entry's static
 * imports would) while the page's code is requested as soon as the small entry has run.
 */
function preloadAppFromHtml(): Plugin {
  return {
    name: 'preload-app-from-html',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const chunks = Object.values(ctx.bundle ?? {}).filter((c) => c.type === 'chunk');
        const app = chunks.find((c) => c.moduleIds.some((id) => id.replace(/\\/g, '/').endsWith('/src/render.tsx')));
        if (!app) throw new Error('preload-app-from-html: no chunk for src/render.tsx');
        const files: string[] = [];
        const visit = (fileName: string) => {
          if (files.includes(fileName)) return;
          files.push(fileName);
          for (const f of chunks.find((c) => c.fileName === fileName)?.imports ?? []) visit(f);
        };
        visit(app.fileName);
        return files
          .filter((f) => !html.includes(`/${f}"`))
          .map((f) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${f}` },
            injectTo: 'head' as const,
          }));
      },
    },
  };
}

/**
 * The app's own code (src/render.tsx and what it imports, minus what the small entry already loads) as one
 * chunk: pages share it instead of a dozen small shared chunks, which cost bytes on every page.
 */
const shellModules = new Set<string>();
function shellChunk(): Plugin {
  return {
    name: 'shell-chunk',
    apply: 'build',
    buildEnd() {
      const ids = [...this.getModuleIds()];
      const closure = (id: string | undefined, into: Set<string>) => {
        if (!id || into.has(id)) return;
        into.add(id);
        for (const d of this.getModuleInfo(id)?.importedIds ?? []) closure(d, into);
      };
      const initial = new Set<string>();
      closure(
        ids.find((i) => i.replace(/\\/g, '/').endsWith('/src/main.tsx')),
        initial,
      );
      const shell = new Set<string>();
      closure(
        ids.find((i) => i.replace(/\\/g, '/').endsWith('/src/render.tsx')),
        shell,
      );
      shellModules.clear();
      for (const id of shell) if (!initial.has(id)) shellModules.add(id);
      // Small modules most pages use (the title; crop names in the page's language): one small chunk less for each.
      const alwaysInShell = ['/src/components/use-page-title.ts', '/shared/crop-names.ts'];
      for (const id of ids) if (alwaysInShell.some((end) => id.replace(/\\/g, '/').endsWith(end))) shellModules.add(id);
    },
  };
}

/**
 * The entry's stylesheet (the font faces and a few global rules, under 1 KB) written into index.html as a
 * <style> element: one render-blocking request less before the first paint. The CSP allows inline styles
 * (MUI's emotion needs them). The file stays in the build for anything that names it.
 */
function inlineEntryCss(): Plugin {
  return {
    name: 'inline-entry-css',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        return html.replace(/<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)">/g, (tag, file: string) => {
          const asset = ctx.bundle?.[file];
          if (!asset || asset.type !== 'asset') return tag;
          return `<style>${String(asset.source)}</style>`;
        });
      },
    },
  };
}

/**
 * What the screens of the bill, the credit note and the lot share before their reply is in (the pages' words and
 * the reply's hook), in one chunk rather than two small ones: each chunk costs bytes of its own on the page
 * (docs/decisions/0039-one-renderer-per-public-page.md).
 */
const PUBLIC_PAGE_MODULES = ['/shared/public-pages/words.ts', '/src/lib/use-page-reply.ts'];
const isPublicPageModule = (id: string) => PUBLIC_PAGE_MODULES.some((end) => id.replace(/\\/g, '/').endsWith(end));

/** Server state and forms of the staff screens: never on a public page (test/bundle-budget.test.ts). */
const STAFF_LIBRARIES = [
  { name: 'react-query', test: /[\\/]node_modules[\\/]@tanstack[\\/]/ },
  { name: 'react-hook-form', test: /[\\/]node_modules[\\/](react-hook-form|@hookform)[\\/]/ },
] as const;

export default defineConfig({
  root,
  plugins: [
    react(),
    muiWithoutCssVars(),
    muiButtonsWithoutSpinner(),
    messageParts(),
    preloadAppFromHtml(),
    shellChunk(),
    inlineEntryCss(),
    firstViews(fileURLToPath(import.meta.url)),
  ],
  resolve: {
    // @web/, @shared/: the path aliases of tsconfig.json.
    tsconfigPaths: true,
    // Screens import useTranslation from 'react-i18next'; the app is served by the few lines of it that it
    // uses (src/lib/i18n/lite.ts, docs/decisions/0011-public-bundle.md), so i18next is not in the bundle.
    // jsPDF's optional libraries are left out: the app never uses what needs them (src/lib/absent-module.ts).
    alias: [
      { find: /^react-i18next$/, replacement: fileURLToPath(new URL('./src/lib/i18n/lite.ts', import.meta.url)) },
      {
        find: /^(canvg|dompurify|html2canvas)$/,
        replacement: fileURLToPath(new URL('./src/lib/absent-module.ts', import.meta.url)),
      },
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // bench/bundle-budget.ts and test/bundle-budget.test.ts walk the chunks of each public page from it.
    manifest: true,
    // Every browser the farmers' phones run supports <link rel=modulepreload>.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'shell', test: (id: string) => shellModules.has(id), includeDependenciesRecursively: false },
            { name: 'public-page', test: isPublicPageModule, includeDependenciesRecursively: false },
            // The staff screens' libraries, each in a chunk of its own name, which the budget test looks for
            // on the public pages (docs/decisions/0017-server-state-and-forms.md).
            ...STAFF_LIBRARIES.map(({ name, test }) => ({ name, test, includeDependenciesRecursively: false })),
          ],
        },
      },
    },
  },
  server: {
    // `npm run dev:web` talks to the API of a running `npm start`.
    proxy: {
      '/api': 'http://localhost:3000',
      '/auth': 'http://localhost:3000',
      '/svsregistration': 'http://localhost:3000',
    },
  },
});
