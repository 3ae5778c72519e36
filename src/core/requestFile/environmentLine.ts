// The header line that says which environment a request document was opened for:
// `# Environment: <name>. Send with …`. Commands write it; the extension sends a plain "Send" of
// a document that has no other target there, and the language server names that target in its
// lens and warns about sandbox test cards when it is production. One definition for all three.

const PREFIX = '# Environment: ';

/** The header line for `name` (the rest of the line is advice for the reader). */
export function environmentLine(name: string, advice: string): string {
  return `${PREFIX}${name}. ${advice}`;
}

/** The environment named by the header line before the first `###`, if there is one. */
export function environmentNamedIn(text: string): string | undefined {
  const end = text.indexOf('###');
  const head = end < 0 ? text.slice(0, 2000) : text.slice(0, end);
  for (const line of head.split(/\r\n?|\n/)) {
    if (!line.startsWith(PREFIX)) continue;
    const rest = line.slice(PREFIX.length);
    const stop = rest.search(/\.(\s|$)/);
    const name = (stop < 0 ? rest : rest.slice(0, stop)).trim();
    return name || undefined;
  }
  return undefined;
}
