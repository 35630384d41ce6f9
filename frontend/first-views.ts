import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createServer, type Plugin } from 'vite';
import { FIRST_VIEW_LANGUAGES, FIRST_VIEWS, firstViewFile, type FirstViewLanguage, type FirstViewName } from '../shared/routes';

/**
 * After the build, draws the first view of `/` (src/first-view/render.tsx, run in Node by
 * Vite's server-side loader with this same config) into copies of index.html, `first-view/<name>.html` in Hindi
 * and `first-view/<name>.en.html` in English; the site answers those addresses with them (CloudFront's rewrite
 * function, the local gateway). A farmer's phone shows the page as soon as the HTML is in, instead of after the
 * app's code has downloaded and run; the app then replaces the view with its own, identical, first render. The view cannot be used: it is inert and hidden
 * from assistive technology, and carries no ids or test ids, so nothing can reach it in place of the app.
 * docs/decisions/0035-first-views.md.
 */
export function firstViews(configFile: string): Plugin {
  let outDir = '';
  return {
    name: 'first-views',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const server = await createServer({
        configFile,
        mode: 'production',
        logLevel: 'warn',
        appType: 'custom',
        server: { middlewareMode: true, hmr: false, watch: null },
      });
      try {
        const { renderFirstView } = (await server.ssrLoadModule('/src/first-view/render.tsx')) as {
          renderFirstView: (name: FirstViewName, lang: FirstViewLanguage) => string;
        };
        const index = readFileSync(join(outDir, 'index.html'), 'utf8');
        for (const name of Object.keys(FIRST_VIEWS) as FirstViewName[]) {
          for (const lang of FIRST_VIEW_LANGUAGES) {
            const file = join(outDir, firstViewFile(name, lang));
            mkdirSync(join(file, '..'), { recursive: true });
            writeFileSync(file, withFirstView(index, renderFirstView(name, lang), lang));
          }
        }
      } finally {
        await server.close();
      }
    },
  };
}

/**
 * index.html with the view inside the app's root element, made inert and unreachable by id, and its styles in the
 * head: emotion writes a style element before each component's markup; they become one, in emotion's own format
 * for server-rendered styles (`data-emotion="css <name> <name> ..."`), which the app's style cache adopts.
 */
export function withFirstView(index: string, view: string, lang: FirstViewLanguage): string {
  const root = '<div id="root"></div>';
  if (!index.includes(root)) throw new Error(`first-views: index.html has no ${root}`);
  const names: string[] = [];
  const rules: string[] = [];
  let globals = '';
  const markup = view
    .replace(/<style data-emotion="([^"]+)">([\s\S]*?)<\/style>/g, (_whole, attribute: string, css: string) => {
      const [key, ...ids] = attribute.split(' ');
      if (key === 'css') {
        names.push(...ids);
        rules.push(css);
      } else globals += `<style data-emotion="${attribute}">${css}</style>`;
      return '';
    })
    .replace(/ (id|for|data-testid|aria-labelledby|aria-describedby|aria-controls)="[^"]*"/g, '');
  const styles = `${globals}<style data-emotion="css ${names.join(' ')}">${rules.join('')}</style>`;
  return index
    .replace('<html lang="hi">', `<html lang="${lang}">`)
    .replace('</head>', `${styles}\n  </head>`)
    .replace(root, `<div id="root"><div class="first-view" lang="${lang}" inert aria-hidden="true">${markup}</div></div>`);
}
