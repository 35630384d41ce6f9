import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * References into the repository's docs resolve: a comment's `docs/<file>.md#<anchor>` names a file that
 * exists and a heading of it; a relative link in a doc names a file that exists (and a heading, when it has
 * an anchor). docs/invariants.md names the function that enforces each rule beside its file: that file
 * still holds the name. Reads files only.
 */
const ROOT = join(import.meta.dirname, '..', '..');
const SOURCE_DIRS = ['functions', 'frontend/src', 'shared', 'infra', 'test', 'bench'];
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'cdk.out', '.data']);

function filesUnder(dir: string, keep: (name: string) => boolean): string[] {
  const full = join(ROOT, dir);
  if (!existsSync(full)) return [];
  return readdirSync(full, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return SKIPPED_DIRS.has(entry.name) ? [] : filesUnder(path, keep);
    return keep(entry.name) ? [path] : [];
  });
}

const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');

/** The anchor GitHub gives a heading: lower case, punctuation dropped, each space a hyphen. */
function headingSlug(heading: string): string {
  const text = heading
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/`/g, '')
    .trim()
    .toLowerCase();
  return text.replace(/[^\p{L}\p{M}\p{N}\s_-]/gu, '').replace(/\s/g, '-');
}

/** Every heading anchor of a markdown text, a repeated heading numbered as GitHub numbers it (-1, -2, …). */
function anchorsOf(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  let inFence = false;
  for (const line of markdown.split('\n')) {
    if (line.startsWith('```')) inFence = !inFence;
    const heading = !inFence && /^#{1,6}\s+(.*)$/.exec(line);
    if (!heading) continue;
    const slug = headingSlug(heading[1]);
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count ? `${slug}-${count}` : slug);
  }
  return anchors;
}

const anchorCache = new Map<string, Set<string>>();
const anchorsOfFile = (path: string) => {
  let anchors = anchorCache.get(path);
  if (!anchors) anchorCache.set(path, (anchors = anchorsOf(read(path))));
  return anchors;
};

/** What is wrong with a reference to `target` (a path from the root, maybe with #anchor), or undefined. */
function problemOf(target: string): string | undefined {
  const [path, anchor] = target.split('#');
  if (!existsSync(join(ROOT, path))) return 'no such file';
  if (anchor === undefined || anchor === '') return undefined;
  if (!path.endsWith('.md')) return 'an anchor into a file that is not markdown';
  return anchorsOfFile(path).has(anchor) ? undefined : 'no such heading';
}

const DOC_REFERENCE = /\bdocs\/[\w./-]+\.md(?:#[\w-]+)?/g;
const MARKDOWN_LINK = /\]\(([^)\s]+)\)/g;
/** `name` ([path](../path)), or `a` and `b` ([path](../path)): functions named beside the file that holds them. */
const NAMED_IN_FILE = /((?:`[A-Za-z_$][\w$]*`(?:,\s+|\s+and\s+)?)+)\s+\(\[[^\]]*\]\(([^)#\s]+)\)\)/g;

const sourceFiles = SOURCE_DIRS.flatMap((dir) => filesUnder(dir, (name) => /\.tsx?$/.test(name)));
const docFiles = [...filesUnder('docs', (name) => name.endsWith('.md')), 'README.md'];

describe('references into the docs', () => {
  it('finds the source files and the docs', () => {
    expect(sourceFiles.length).toBeGreaterThan(100);
    expect(docFiles).toContain('docs/invariants.md');
  });

  it('a docs/….md#anchor in the code names a file and a heading that exist', () => {
    const broken: string[] = [];
    for (const file of sourceFiles) {
      for (const [target] of read(file).matchAll(DOC_REFERENCE)) {
        const problem = problemOf(target);
        if (problem) broken.push(`${file}: ${target} (${problem})`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('a relative link in a doc names a file (and a heading) that exist', () => {
    const broken: string[] = [];
    for (const doc of docFiles) {
      for (const [, link] of read(doc).matchAll(MARKDOWN_LINK)) {
        if (/^[a-z]+:/i.test(link)) continue; // https:, mailto:
        const target = link.startsWith('#') ? `${doc}${link}` : relative(ROOT, normalize(join(ROOT, dirname(doc), link)));
        const problem = problemOf(target);
        if (problem) broken.push(`${doc}: ${link} (${problem})`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('each function the invariants name is still in the file named beside it', () => {
    const missing: string[] = [];
    const doc = read('docs/invariants.md');
    const named = [...doc.matchAll(NAMED_IN_FILE)];
    expect(named.length).toBeGreaterThan(10);
    for (const [, names, link] of named) {
      const path = relative(ROOT, normalize(join(ROOT, 'docs', link)));
      const text = existsSync(join(ROOT, path)) ? read(path) : '';
      for (const [, name] of names.matchAll(/`([\w$]+)`/g)) {
        if (!new RegExp(`\\b${name}\\b`).test(text)) missing.push(`${name} in ${path}`);
      }
    }
    expect(missing).toEqual([]);
  });
});

describe('heading anchors', () => {
  it('are made as GitHub makes them', () => {
    expect(headingSlug('1. Day capacity')).toBe('1-day-capacity');
    expect(headingSlug("Public lot pages show the producer's contact masked")).toBe(
      'public-lot-pages-show-the-producers-contact-masked',
    );
    expect(headingSlug('Aadhaar numbers must be real ones (Verhoeff check digit)')).toBe(
      'aadhaar-numbers-must-be-real-ones-verhoeff-check-digit',
    );
    expect(headingSlug('Catalogue and farmer forms: checks and messages')).toBe('catalogue-and-farmer-forms-checks-and-messages');
    expect([...anchorsOf('# A\n## A\n```\n# B\n```\n')]).toEqual(['a', 'a-1']);
  });
});
