// The repository explains itself: its documents link only to files inside it, and those exist.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '..');

/** README.md, docs/**, and the README of every app, lib and deployment folder. */
function documents(): string[] {
  const found = ['README.md'];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const relative = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(relative);
      else if (entry.name.endsWith('.md')) found.push(relative);
    }
  };
  walk('docs');
  for (const folder of ['apps', 'libs']) {
    for (const project of readdirSync(path.join(root, folder))) {
      if (existsSync(path.join(root, folder, project, 'README.md')))
        found.push(path.join(folder, project, 'README.md'));
    }
  }
  if (existsSync(path.join(root, 'deploy', 'README.md'))) found.push('deploy/README.md');
  return found;
}

/** Markdown link targets `[text](target)` and paths written in backticks that climb out (`../x`). */
function referencesOf(text: string): { links: string[]; climbing: string[] } {
  const links = [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1]);
  const climbing = [...text.matchAll(/`((?:\.\.\/)+[^`\s]*)`/g)].map((match) => match[1]);
  return { links, climbing };
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to dashes. */
const anchorOf = (heading: string): string =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');

describe('documentation links', () => {
  const files = documents();

  it('finds the conventions page and the READMEs', () => {
    expect(files).toEqual(expect.arrayContaining(['README.md', 'docs/api-conventions.md']));
  });

  it.each(files)('%s links only to files inside the repository, which exist', (file) => {
    const text = readFileSync(path.join(root, file), 'utf8');
    const { links, climbing } = referencesOf(text);
    const problems: string[] = [];
    for (const link of links) {
      if (/^(https?:|mailto:)/.test(link)) continue;
      const [target, anchor] = link.split('#');
      const resolved = target === '' ? path.join(root, file) : path.resolve(root, path.dirname(file), target);
      if (path.relative(root, resolved).startsWith('..')) problems.push(`${link}: outside the repository`);
      else if (!existsSync(resolved)) problems.push(`${link}: no such file`);
      else if (anchor && resolved.endsWith('.md')) {
        const headings = [...readFileSync(resolved, 'utf8').matchAll(/^#+ (.+)$/gm)].map((match) =>
          anchorOf(match[1]),
        );
        if (!headings.includes(anchor)) problems.push(`${link}: no such heading`);
      }
    }
    for (const reference of climbing) {
      const resolved = path.resolve(root, path.dirname(file), reference);
      if (path.relative(root, resolved).startsWith('..'))
        problems.push(`\`${reference}\`: outside the repository`);
    }
    expect(problems).toEqual([]);
  });
});
