// The value a generated C# program gives one of its string variables (`var body = …;`), read the
// way the C# compiler reads the literal forms the generator writes: regular and interpolated
// strings (`\\`, `\"`, `\uXXXX`, `{{ }}`, `{name}`) and raw string literals (`$$"""` … `"""`, the
// closing line's indentation taken off each line, `{{name}}` with as many braces as dollars).
// No C# compiler installs on these machines; this is the check that can fail instead.

/** `name`'s value: its literal decoded, each `{parameter}` given by `values`; undefined without such a line. */
export function decodedCSharpString(code: string, name: string, values: Readonly<Record<string, string>> = {}): string | undefined {
  const at = code.search(new RegExp(`^var ${name} = `, 'm'));
  if (at < 0) return undefined;
  let i = at + `var ${name} = `.length;
  const dollars = /^\$*/.exec(code.slice(i))?.[0].length ?? 0;
  i += dollars;
  const value = (parameter: string): string => {
    const found = values[parameter];
    if (found === undefined) throw new Error(`the literal reads {${parameter}}, which the check was given no value for`);
    return found;
  };
  if (code.startsWith('"""', i)) return raw(code, i, dollars, value);
  if (code[i] !== '"') {
    const identifier = /^\w+/.exec(code.slice(i))?.[0];
    if (!identifier) throw new Error(`var ${name} is neither a string nor a variable: ${code.slice(i, i + 40)}`);
    return value(identifier);
  }
  return regular(code, i + 1, dollars > 0, value);
}

function regular(code: string, from: number, interpolated: boolean, value: (name: string) => string): string {
  let out = '';
  for (let i = from; i < code.length; i++) {
    const c = code[i];
    if (c === '"') return out;
    if (c === '\n') throw new Error('a line end inside a regular string literal');
    if (c === '\\') {
      const next = code[i + 1];
      if (next === 'u') {
        out += String.fromCharCode(parseInt(code.slice(i + 2, i + 6), 16));
        i += 5;
      } else if (next === '\\' || next === '"') {
        out += next;
        i += 1;
      } else {
        throw new Error(`an escape the generator does not write: \\${next}`);
      }
    } else if (interpolated && (c === '{' || c === '}')) {
      if (code[i + 1] === c) {
        out += c;
        i += 1;
      } else if (c === '{') {
        const end = code.indexOf('}', i);
        out += value(code.slice(i + 1, end));
        i = end;
      } else {
        throw new Error('a lone "}" in an interpolated string');
      }
    } else {
      out += c;
    }
  }
  throw new Error('an unclosed string literal');
}

function raw(code: string, from: number, dollars: number, value: (name: string) => string): string {
  const quotes = /^"+/.exec(code.slice(from))?.[0] ?? '';
  const start = from + quotes.length;
  if (code[start] !== '\n') throw new Error('a raw string literal the generator writes opens on a line of its own');
  const close = code.indexOf(`\n`, start + 1);
  const lines: string[] = [];
  let at = start + 1;
  for (let end = close; end >= 0; end = code.indexOf('\n', at)) {
    const line = code.slice(at, end);
    if (line.trim().startsWith(quotes)) {
      const indent = /^\s*/.exec(line)?.[0] ?? '';
      const text = lines.map((l) => (l === '' ? '' : l.startsWith(indent) ? l.slice(indent.length) : (() => { throw new Error('a raw string line without the closing indentation'); })())).join('\n');
      return dollars === 0 ? text : text.replace(new RegExp(`\\{{${dollars}}([A-Za-z_]\\w*)\\}{${dollars}}`, 'g'), (_, name: string) => value(name));
    }
    lines.push(line);
    at = end + 1;
  }
  throw new Error('an unclosed raw string literal');
}
