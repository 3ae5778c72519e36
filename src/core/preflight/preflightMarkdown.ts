// The go-live report as Markdown, for the editor's read-only report document: a heading, a line
// per check with ✓ or ✗, a failure's evidence in a code block under it (file names, field names
// and request paths are the user's text: in a code block, nothing in them renders as Markdown),
// and the verdict. The evidence is what the checks wrote: already masked, never a key.

import type { PreflightCheck } from './preflightCheck';

/**
 * The characters that are Markdown inside a line (emphasis, code, links, HTML, tables), escaped
 * so a name renders as written; a name never starts a line, so list and heading marks are safe.
 */
const escaped = (text: string) => text.replace(/[\\`*_[\]<>|~]/g, (c) => `\\${c}`);

/** A fence longer than any run of backticks in the block, so the block cannot be closed early. */
function fenced(lines: readonly string[]): string[] {
  const longest = Math.max(2, ...lines.map((l) => Math.max(0, ...(l.match(/`+/g) ?? []).map((run) => run.length))));
  const fence = '`'.repeat(longest + 1);
  return [`${fence}text`, ...lines, fence];
}

export function preflightVerdict(checks: readonly PreflightCheck[]): string {
  const failed = checks.filter((c) => !c.passed).length;
  return failed === 0 ? `Ready: all ${checks.length} checks passed` : `Not ready: ${failed} of ${checks.length} checks failed`;
}

export function preflightMarkdown(checks: readonly PreflightCheck[], title: string): string {
  const lines = [`# ${escaped(title)}`, '', `**${preflightVerdict(checks)}.**`, ''];
  for (const c of checks) {
    lines.push(`- ${c.passed ? '✓' : '✗'} **${c.section}**: ${escaped(c.name)}`);
    if (!c.passed && c.details.length > 0) lines.push('', ...fenced(c.details).map((l) => `  ${l}`), '');
  }
  return `${lines.join('\n')}\n`;
}
