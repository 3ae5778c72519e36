// Keys and card numbers written in the user's files, of any kind: the language server's key rule
// (key-like literals: service-style keys, long letter-digit runs, JWTs), the environments' own
// keys wherever they appear, and the masker's card rule (digit runs a card number fits in,
// Luhn-valid, not an id). What is found is shown masked, with its file and line.

import { readdir, readFile, stat } from 'node:fs/promises';
import * as path from 'node:path';
import { KEY_LIKE_PATTERNS } from '../requestLint/keyPatterns';
import { maskCardNumbers } from '../protection/cardNumberMasking';
import { check, type PreflightCheck } from './preflightCheck';

/** Folders never looked in: installed packages and tool state, not the user's own files. */
const SKIPPED_DIRS = new Set(['node_modules', '.git', '.hg', '.svn', 'dist', 'out', 'build', 'coverage', '.vscode-test', '.next', 'target', 'vendor']);
/** Larger files are not read: generated bundles, data dumps. */
const MAX_FILE_BYTES = 1024 * 1024;

async function filesUnder(root: string, out: string[]): Promise<void> {
  const info = await stat(root);
  if (info.isFile()) {
    if (info.size <= MAX_FILE_BYTES) out.push(root);
    return;
  }
  if (!info.isDirectory()) return;
  for (const entry of await readdir(root, { withFileTypes: true })) {
    if (entry.isSymbolicLink()) continue;
    const full = path.join(root, entry.name);
    if (entry.isDirectory() && !SKIPPED_DIRS.has(entry.name)) await filesUnder(full, out);
    else if (entry.isFile()) await filesUnder(full, out);
  }
}

const masked = (text: string) => (text.length <= 4 ? '****' : `…${text.slice(-4)}`);

/** The findings of one text: `file:line: what (masked)`. */
export function textFindings(file: string, text: string, knownKeys: readonly string[]): { keys: string[]; cards: string[] } {
  const keys: string[] = [];
  const cards: string[] = [];
  text.split('\n').forEach((line, i) => {
    const at = `${file}:${i + 1}`;
    const seen = new Set<string>();
    for (const key of knownKeys) {
      if (key.length >= 6 && line.includes(key) && !seen.has(key)) {
        seen.add(key);
        keys.push(`${at}: an environment's key (${masked(key)})`);
      }
    }
    for (const pattern of KEY_LIKE_PATTERNS) {
      for (const match of line.matchAll(new RegExp(pattern.source, 'g'))) {
        if ([...seen].some((k) => k.includes(match[0]) || match[0].includes(k))) continue;
        seen.add(match[0]);
        keys.push(`${at}: something that looks like a key (${masked(match[0])})`);
      }
    }
    const maskedLine = maskCardNumbers(line, true);
    if (maskedLine !== line) {
      for (const run of maskedLine.match(/X{6,}\d{4}/g) ?? []) cards.push(`${at}: a card number (${run.replace(/^X+/, '…')})`);
    }
  });
  return { keys, cards };
}

/**
 * Two lines: keys, card numbers — each with every place found in the files under `paths`.
 * Files are named relative to `base` (the CLI's working directory, the editor's workspace folder).
 */
export async function scanFiles(paths: readonly string[], knownKeys: readonly string[], base = process.cwd()): Promise<PreflightCheck[]> {
  const files: string[] = [];
  for (const p of paths) await filesUnder(p, files);
  const keys: string[] = [];
  const cards: string[] = [];
  for (const file of files) {
    const bytes = await readFile(file);
    if (bytes.includes(0)) continue;   // binary
    const relative = path.relative(base, file);
    const found = textFindings(relative && !relative.startsWith('..') ? relative : file, bytes.toString('utf8'), knownKeys);
    keys.push(...found.keys);
    cards.push(...found.cards);
  }
  const where = `${files.length} file${files.length === 1 ? '' : 's'} under ${paths.join(', ')}`;
  return [
    check('files', `no key is written in the ${where}`, keys),
    check('files', `no card number is written in the ${where}`, cards),
  ];
}
