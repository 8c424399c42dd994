// `npm run lint:docs`: the rules the documents keep, checked so that they hold (docs/architecture.md).
// Every tracked text file: no issue number (the work's tracker is not part of the product; ADR numbers
// and product sections are), no document outside the repository. The README stays short. Every ADR cited
// exists, and every ADR file starts with its own number; one that says it is superseded says so in the
// line under its title.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const README_MAX_LINES = 120;
const TEXT_FILE = /\.(ts|tsx|mjs|cjs|js|json|md|sql|html|css|yml|yaml)$|^\.ci\//;
const FORBIDDEN = [
  {
    pattern: /\bissues? #?\d+/i,
    why: 'an issue number (cite the ADR or the product section instead)',
  },
  {
    pattern: /STACK\.md|\.\.\/shared\/|shared\/(spec|design)\//,
    why: 'a document outside the repository',
  },
];

const files = execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' })
  .split('\n')
  .filter((file) => TEXT_FILE.test(file) && !file.endsWith('package-lock.json'))
  .filter((file) => !file.startsWith('apps/web/src/i18n/locales/'))
  .filter((file) => file !== 'scripts/check-docs.mjs');

const decisions = fs
  .readdirSync(path.join(root, 'docs/decisions'))
  .filter((f) => f.endsWith('.md'));
const decisionNumbers = new Set(decisions.map((file) => Number(file.slice(0, 3))));
const problems = [];

for (const file of files) {
  const full = path.join(root, file);
  if (!fs.existsSync(full)) continue;
  const lines = fs.readFileSync(full, 'utf8').split('\n');
  lines.forEach((line, index) => {
    for (const { pattern, why } of FORBIDDEN) {
      if (pattern.test(line)) problems.push(`${file}:${index + 1}: ${why}`);
    }
    for (const [, first, last] of line.matchAll(/\bADRs? (\d{3})(?:[–-](\d{3}))?/g)) {
      for (const number of [first, last].filter(Boolean)) {
        if (!decisionNumbers.has(Number(number))) {
          problems.push(`${file}:${index + 1}: ADR ${number} does not exist in docs/decisions`);
        }
      }
    }
  });
}

const readmeLines = fs.readFileSync(path.join(root, 'README.md'), 'utf8').split('\n').length;
if (readmeLines > README_MAX_LINES) {
  problems.push(
    `README.md: ${readmeLines} lines; it stays under ${README_MAX_LINES} (the rest goes to docs/)`,
  );
}

for (const file of decisions) {
  const text = fs.readFileSync(path.join(root, 'docs/decisions', file), 'utf8');
  const [title = '', , statusLine = ''] = text.split('\n');
  if (!title.startsWith(`# ${file.slice(0, 3)} — `)) {
    problems.push(`docs/decisions/${file}:1: the title starts "# ${file.slice(0, 3)} — "`);
  }
  const saysSuperseded = /^\*\*(Partly s|S)uperseded\b/.test(statusLine);
  const mentionsLater = /\n>? ?(Partly s|S)uperseded by ADR/.test(text);
  if (mentionsLater && !saysSuperseded) {
    problems.push(`docs/decisions/${file}:3: a superseded ADR says so in the line under its title`);
  }
}

if (problems.length > 0) {
  console.error(problems.join('\n'));
  console.error(
    `\n${problems.length} problem(s) in the documents' rules (scripts/check-docs.mjs).`,
  );
  process.exit(1);
}
console.log(
  `documents: ${files.length} files checked, ${decisions.length} ADRs, README ${readmeLines} lines`,
);
