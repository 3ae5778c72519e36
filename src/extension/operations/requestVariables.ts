// How a request document's `{{variables}}` get their values: the environment's URLs, the file's
// `@name = value` variables (which may use each other), and `{{name.path}}` values from earlier
// NAMED responses of the same document. Pure (no vscode), so node tests cover it.
import { responseValueText } from '../../core/requestFile/variables';

export interface VariableSources {
  /** `gatewayUrl`, `boardingUrl`. */
  builtins: Readonly<Record<string, string>>;
  fileVariables: ReadonlyArray<{ name: string; value: string }>;
  /** Parsed bodies of earlier responses, by the request's `@name`. */
  namedResponses: ReadonlyMap<string, unknown>;
}

const REFERENCE = /\{\{\s*([A-Za-z_$][\w$-]*(?:\.[\w$-]+|\[\d+\])*)\s*\}\}/g;
const MAX_DEPTH = 10;



/** A resolver for `substituteVariables`: undefined for a name nothing defines. */
export function createVariableResolver(sources: VariableSources): (name: string) => string | undefined {
  const fileValues = new Map(sources.fileVariables.map((v) => [v.name, v.value]));
  const resolve = (name: string, depth: number): string | undefined => {
    if (depth > MAX_DEPTH) return undefined; // a variable that (indirectly) uses itself
    const builtin = sources.builtins[name];
    if (builtin !== undefined) return builtin;
    const fileValue = fileValues.get(name);
    if (fileValue !== undefined) {
      let complete = true;
      const text = fileValue.replace(REFERENCE, (whole: string, inner: string) => {
        const value = resolve(inner, depth + 1);
        if (value === undefined) complete = false;
        return value ?? whole;
      });
      return complete ? text : undefined;
    }
    const dot = name.search(/[.[]/);
    if (dot <= 0) return undefined;
    const responseName = name.slice(0, dot);
    if (!sources.namedResponses.has(responseName)) return undefined;
    const rest = name.slice(dot).replace(/^\./, '');
    return responseValueText(sources.namedResponses.get(responseName), rest);
  };
  return (name) => resolve(name, 0);
}

/** Header names whose values core replaces with the environment's keys. */
const AUTH_HEADER_NAMES = new Set(['api-key', 'accesskey', 'merchantid', 'authorization']);

export function isAuthHeader(name: string): boolean {
  return AUTH_HEADER_NAMES.has(name.toLowerCase());
}

/**
 * The request whose `###` block holds `line` (0-based): the first request after the nearest
 * separator above the line (or the first request when there is none); -1 when there are none.
 */
export function requestIndexAt(text: string, requests: ReadonlyArray<{ range: { start: { line: number } } }>, line: number): number {
  const lines = text.split('\n');
  let separator = -1;
  for (let i = Math.min(line, lines.length - 1); i >= 0; i--) {
    if (/^###/.test(lines[i] as string)) {
      separator = i;
      break;
    }
  }
  const index = requests.findIndex((r) => r.range.start.line > separator);
  if (index < 0) return requests.length - 1;
  // A cursor inside an earlier block's request (no separator between) still belongs to it.
  return index;
}
