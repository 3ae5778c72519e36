// The CLI's help: the list of commands (`--help`) and one command's options and notes
// (`<command> --help`), wrapped to the terminal's width so that no line runs off an 80-column one.

import type { CliCommand } from './cliCommand';

const DEFAULT_COLUMNS = 80;
/** Narrower than this, wrapping does more harm than good; wider, lines get hard to read. */
const MIN_COLUMNS = 60;
const MAX_COLUMNS = 100;
/** Option flags up to this long share their line with the text; longer ones get a line of their own. */
const FLAG_COLUMN = 24;

function helpWidth(columns: number | undefined): number {
  if (columns === undefined || !Number.isFinite(columns) || columns <= 0) return DEFAULT_COLUMNS;
  return Math.min(MAX_COLUMNS, Math.max(MIN_COLUMNS, Math.floor(columns)));
}

/**
 * Words of a usage line: split at spaces outside brackets, so `[--request NAME|--line N]` stays
 * whole on one line.
 */
function usageWords(usage: string): string[] {
  const words: string[] = [];
  let depth = 0;
  let word = '';
  for (const ch of usage) {
    if (ch === '[') depth++;
    if (ch === ']') depth--;
    if (ch === ' ' && depth === 0) {
      if (word) words.push(word);
      word = '';
    } else {
      word += ch;
    }
  }
  if (word) words.push(word);
  return words;
}

/** `words` filled into lines of at most `width` columns: the first line after `first`, the others after `rest`. */
function fill(words: readonly string[], width: number, first: string, rest: string): string[] {
  const lines: string[] = [];
  let line = first;
  let empty = true;
  for (const word of words) {
    if (!empty && line.length + 1 + word.length > width) {
      lines.push(line);
      line = rest + word;
    } else {
      line += (empty ? '' : ' ') + word;
    }
    empty = false;
  }
  lines.push(line);
  return lines;
}

const wrap = (text: string, width: number, first: string, rest = first): string[] => fill(text.split(/\s+/).filter(Boolean), width, first, rest);

/** A command's usage line, continued under its first argument (or four columns in, when a word would not fit there). */
function usageLines(usage: string, width: number, first: string): string[] {
  const words = usageWords(usage);
  const [program, command] = words;
  const underArguments = first.length + program.length + command.length + 2;
  const longest = Math.max(...words.map((w) => w.length));
  return fill(words, width, first, ' '.repeat(underArguments + longest <= width ? underArguments : 4));
}

export function generalHelp(commands: readonly CliCommand[], columns?: number): string {
  const width = helpWidth(columns);
  return [
    'Usage: gateway-workbench <command> [options]',
    '',
    'Commands:',
    ...commands.flatMap((c) => [...usageLines(c.usage, width, '  '), ...wrap(c.summary, width, '      ')]),
    '',
    ...wrap('"gateway-workbench <command> --help" shows a command\'s options; --help alone shows this text; --version the version.', width, ''),
  ].join('\n');
}

export function commandHelp(command: CliCommand, columns?: number): string {
  const width = helpWidth(columns);
  const options = command.options.flatMap((o) => {
    const flag = `  --${o.name}${o.value ? ` ${o.value}` : ''}`;
    const indent = ' '.repeat(FLAG_COLUMN + 2);
    if (flag.length < FLAG_COLUMN + 1) return wrap(o.text, width, flag.padEnd(FLAG_COLUMN + 2), indent);
    return [flag, ...wrap(o.text, width, indent)];
  });
  return [
    ...usageLines(command.usage, width, 'Usage: '),
    '',
    ...wrap(command.summary, width, ''),
    ...(options.length > 0 ? ['', 'Options:', ...options] : []),
    ...(command.notes ?? []).flatMap((note) => ['', ...wrap(note, width, '')]),
  ].join('\n');
}
