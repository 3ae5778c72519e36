// From a parsed request to one ready for the wire: variables filled in (environment URLs, file
// variables, earlier named responses), the target resolved against the environment, the
// catalog operation recognised, auth headers written in the file set aside.

import { matchOperation } from '../../catalog';
import { fillBodyFilePath, isSystemVariable, parseSystemVariable, resolveTarget, substituteVariables, type BodyFileRef, type FilledBodyFilePath, type ParsedRequest, type RequestFile, type VariableDef } from '../requestFile';
import type { BodyFileReader } from '../requestFile/bodyFile';
import type { PreparedRequest, Preparation, RunEnvironment } from './types';
import type { NamedExchange } from './namedExchange';
import { isAuthHeader } from '../protection/authHeaders';
import { createVariableResolver, NO_RESPONSES } from './variableResolver';
import { responseNameOf } from './dependencies';
import { systemVariableValue } from '../requestFile/systemVariableValues';
import { requestLabel } from './requestLabel';
import { BoundedTextCache } from '../text/boundedTextCache';
import { detached } from '../text/detachedText';
import { canonicalUrl } from '../http/canonicalUrl';
import { environmentOrigins, isOutsideVariable, onEnvironmentOrigin, type OutsideValues } from './outsideValues';

/** The catalog path of a URL whose environment base URL may carry a path prefix. */
export function catalogPath(url: URL): string {
  const at = url.pathname.search(/\/(rest|api)\//);
  return at > 0 ? url.pathname.slice(at) : url.pathname;
}

function trimSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

/** The built-ins holding the target's base URLs, named as the environment names them: constant for a whole run. */
const BASE_URL_NAMES = ['gatewayUrl', 'boardingUrl'] as const;

/**
 * Values of `{{…}}` for a file: environment URLs and merchant, file variables, named responses.
 * It reads `namedResponses` when asked, so one resolver serves a whole run.
 */
export function resolverFor(
  variables: ReadonlyArray<Pick<VariableDef, 'name' | 'value'>>,
  environment: RunEnvironment,
  namedResponses: ReadonlyMap<string, NamedExchange>,
  outside?: OutsideValues,
): (name: string) => string | undefined {
  const resolve = valuesOf(variables, environment, namedResponses, outside);
  ANSWERED.set(resolve, namedResponses);
  if (outside) OUTSIDE.set(resolve, { outside, fileVariable: fileVariableOf(variables) });
  // Made when a body file's path first asks for it (fillBodyFilePath: never a response's value).
  let withoutResponses: Resolve | undefined;
  PATH_RESOLVERS.set(resolve, () => (withoutResponses ??= valuesOf(variables, environment, NO_RESPONSES, outside)));
  return resolve;
}

/** A file variable's value as written (the last of its name, as the resolver takes it): what `%name` reads. */
function fileVariableOf(variables: ReadonlyArray<Pick<VariableDef, 'name' | 'value'>>): (name: string) => string | undefined {
  return (name) => {
    for (let i = variables.length - 1; i >= 0; i--) if (variables[i].name === name) return variables[i].value;
    return undefined;
  };
}

/** Each resolverFor resolver's outside values (`{{$processEnv …}}`, `{{$dotenv …}}`), when the run reads them. */
const OUTSIDE = new WeakMap<Resolve, { outside: OutsideValues; fileVariable: (name: string) => string | undefined }>();

function valuesOf(variables: ReadonlyArray<Pick<VariableDef, 'name' | 'value'>>, environment: RunEnvironment, namedResponses: ReadonlyMap<string, NamedExchange>, outside?: OutsideValues): Resolve {
  const fileVariable = fileVariableOf(variables);
  return createVariableResolver({
    builtins: {
      ...Object.fromEntries(BASE_URL_NAMES.map((name) => [name, trimSlash(environment[name])])),
      ...(environment.merchantId ? { merchantId: environment.merchantId } : {}),
    },
    fileVariables: variables,
    namedResponses,
    systemValue: outside ? (inside) => (isOutsideVariable(inside) ? outside.valueOf(inside, fileVariable) : systemVariableValue(inside)) : systemVariableValue,
  });
}

/** Why outside variable `name` has no value here: what the run's sources say, or that this run reads none. */
function outsideMissing(name: string, resolve: Resolve): string {
  const reading = OUTSIDE.get(resolve);
  if (reading) return reading.outside.whyMissing(name, reading.fileVariable);
  return `{{${name}}} is read only when a saved request file is sent or run: here there is no environment or .env file to read it from`;
}

/** Each resolverFor resolver's named exchanges: a value it has none for says which were answered. */
const ANSWERED = new WeakMap<Resolve, ReadonlyMap<string, NamedExchange>>();

/**
 * Why `unresolved` have no value: a path into a named request that was answered (a mistyped
 * path, not an unsent request), or nothing defines them.
 */
function unresolvedMessage(unresolved: readonly string[], resolve: Resolve): string {
  const answered = ANSWERED.get(resolve);
  const isAnswered = (name: string): boolean => {
    const head = responseNameOf(name);
    return head !== undefined && answered?.has(head) === true;
  };
  const chained = unresolved.filter(isAnswered);
  const rest = unresolved.filter((name) => !isAnswered(name));
  const listed = (names: readonly string[]): string => names.map((n) => `{{${n}}}`).join(', ');
  const undefinedPart = rest.length === 0 ? '' : `${listed(rest)} ${rest.length === 1 ? 'has' : 'have'} no value: define it with "@name = value", or name the request it comes from with "# @name" and send that first`;
  if (chained.length === 0) return undefinedPart;
  const heads = [...new Set(chained.map(responseNameOf))];
  const many = heads.length > 1;
  const chainedPart = `${listed(chained)}: ${heads.map((h) => `"${h}"`).join(', ')} ${many ? 'were' : 'was'} answered, but ${many ? 'their exchanges have' : 'its exchange has'} no such value — ` +
    'check the path (a path into its answer\'s body, response.headers.<Name>, request.body.$.<field>, request.headers.<Name>)';
  return undefinedPart ? `${chainedPart}; ${undefinedPart}` : chainedPart;
}
/** Each resolverFor resolver's twin that knows no responses, for body file paths. */
const PATH_RESOLVERS = new WeakMap<Resolve, () => Resolve>();

/** The path body file `ref` names once its `{{…}}` are filled in from the file's variables and the environment (resolve: a resolverFor's). */
export function bodyFilePathFor(ref: BodyFileRef, resolve: Resolve): FilledBodyFilePath {
  const withoutResponses = PATH_RESOLVERS.get(resolve);
  if (!withoutResponses) throw new Error('bodyFilePathFor takes a resolver made by resolverFor');
  return fillBodyFilePath(ref.path, withoutResponses());
}

export function prepareRequest(file: RequestFile, index: number, environment: RunEnvironment, namedResponses: ReadonlyMap<string, NamedExchange>, readBodyFile?: BodyFileReader): Preparation {
  return prepareParsed(file.requests[index], index, environment, resolverFor(file.variables, environment, namedResponses), readBodyFile);
}

/**
 * A body file's text (`< path`), its `{{…}}` filled in for `<@ path`; an Error says why it cannot
 * be read. `path` is the one `ref` names, its own `{{…}}` filled in (bodyFilePathFor).
 */
function bodyFromFile(ref: BodyFileRef, path: FilledBodyFilePath, read: BodyFileReader | undefined, fill: (text: string) => string): string | Error {
  if (!path.ok) return new Error(path.message);
  if (!read) return new Error(`the body is the file "${path.path}", and files cannot be read here: send it from a saved request file`);
  try {
    const text = read(path.path);
    return ref.fillVariables ? fill(text) : text;
  } catch (err) {
    // Which file a path with variables named, and from what: the reader's message has the filled-in path only.
    return path.path === ref.path ? (err as Error) : new Error(`${(err as Error).message} (the path "${ref.path}" with its variables filled in)`);
  }
}

type OperationMatch = ReturnType<typeof matchOperation>;
/**
 * Catalog matches by method and path: a file sends the same few paths again and again, and
 * matching one cost as much as the rest of a request's preparation. Bounded, because paths
 * can carry ids; each caller gets its own copy of the params.
 */
const MATCHES = new BoundedTextCache<OperationMatch | null>();

function operationAt(method: string, path: string): OperationMatch {
  return MATCHES.getOrMake(`${method} ${path}`, () => matchOperation(method, path) ?? null) ?? undefined;
}

type Resolve = (name: string) => string | undefined;

/** A resolved target's URL and catalog path, and the operation each method names there. */
interface KnownTarget {
  url: URL;
  path: string;
  matches: Map<string, OperationMatch | null>;
}

/**
 * What a run's resolver has worked out once and can use again, kept per resolver (one per run
 * and environment):
 * - `constants`: texts filled in when every name in them was an environment base URL: a
 *   resolver (resolverFor) takes those from its environment, ahead of any file variable, so
 *   they never change for it — unlike a named response's value (`{{sale1.payload…}}`), or a
 *   file variable's, which may hold one. Nearly every request of a file starts
 *   `{{gatewayUrl}}/rest/…`.
 * - `targets`: each resolved target's URL, parsed once, and its catalog matches: a file sends
 *   the same few targets again and again, and parsing and matching them cost as much as the
 *   rest of a request's preparation. The URL is shared by every request sent to that target,
 *   so it is never changed after this (the client only reads it).
 * Both bounded, like MATCHES.
 */
interface ResolverCaches {
  constants: BoundedTextCache<string>;
  targets: BoundedTextCache<KnownTarget>;
}
const RESOLVER_CACHES = new WeakMap<Resolve, ResolverCaches>();
const isBaseUrl = (name: string): boolean => (BASE_URL_NAMES as readonly string[]).includes(name);

function cachesOf(resolve: Resolve): ResolverCaches {
  let caches = RESOLVER_CACHES.get(resolve);
  if (!caches) RESOLVER_CACHES.set(resolve, (caches = { constants: new BoundedTextCache<string>(), targets: new BoundedTextCache<KnownTarget>() }));
  return caches;
}

/** A target that cannot be sent as written, and why. */
class UnsendableTarget extends Error {}

/**
 * The target's URL and catalog path, resolved against the environment, its path and query in the
 * spelling every client sends alike (as generated programs send it); throws when it is no URL.
 */
function knownTarget(targets: BoundedTextCache<KnownTarget>, target: string, environment: RunEnvironment): KnownTarget {
  const known = targets.get(target);
  if (known) return known;
  const canonical = canonicalUrl(resolveTarget(target, { name: environment.name, kind: 'custom', gatewayUrl: environment.gatewayUrl, boardingUrl: environment.boardingUrl }));
  if (!canonical.ok) throw new UnsendableTarget(`"${target}": ${canonical.message}`);
  const url = new URL(canonical.text);
  const made = { url, path: catalogPath(url), matches: new Map<string, OperationMatch | null>() };
  targets.set(target, made);
  return made;
}

function matchAt(target: KnownTarget, method: string): OperationMatch {
  let match = target.matches.get(method);
  if (match === undefined) target.matches.set(method, (match = operationAt(method, target.path) ?? null));
  return match ?? undefined;
}

/** Request `index` (parsed) ready for the wire, its `{{…}}` filled in by `resolve`. */
export function prepareParsed(request: ParsedRequest | undefined, index: number, environment: RunEnvironment, resolve: Resolve, readBodyFile?: BodyFileReader): Preparation {
  if (!request) return { ok: false, message: `there is no request #${index + 1} in the file`, unresolved: [] };
  const unresolved = new Set<string>();
  const { constants, targets } = cachesOf(resolve);
  const outside = OUTSIDE.get(resolve)?.outside;
  const handedBefore = outside?.handedOut ?? 0;
  const fill = (text: string): string => {
    // Most headers and many bodies hold no reference: no pattern to run over them.
    if (!text.includes('{{')) return text;
    const known = constants.get(text);
    if (known !== undefined) return known;
    let constant = true;
    const filled = substituteVariables(text, (name) => {
      constant &&= isBaseUrl(name);
      return resolve(name);
    });
    filled.unresolved.forEach((name) => unresolved.add(name));
    // The filled text is copied too: it may be cut from the file's text (the cache copies keys itself).
    if (constant && filled.unresolved.length === 0) constants.set(text, detached(filled.text));
    return filled.text;
  };
  const target = fill(request.target);
  const headers: Record<string, string> = {};
  const ignoredAuthHeaders: string[] = [];
  for (const header of request.headers) {
    if (isAuthHeader(header.name)) ignoredAuthHeaders.push(header.name);
    else headers[header.name] = fill(header.value);
  }
  const file = request.body?.file;
  const body = request.body === undefined ? undefined : file ? bodyFromFile(file, bodyFilePathFor(file, resolve), readBodyFile, fill) : fill(request.body.text);
  if (body instanceof Error) return { ok: false, unresolved: [], message: body.message };
  if (unresolved.size > 0) {
    const unread = [...unresolved].find(isOutsideVariable);
    if (unread !== undefined) {
      const parsed = parseSystemVariable(unread);
      return { ok: false, unresolved: [], message: parsed.ok ? outsideMissing(unread, resolve) : parsed.message };
    }
    // A system variable without a value is one written wrong: say how (its parse's message).
    const miswritten = [...unresolved].filter(isSystemVariable).map((name) => parseSystemVariable(name)).find((parsed) => !parsed.ok);
    if (miswritten && !miswritten.ok) return { ok: false, unresolved: [], message: miswritten.message };
    return { ok: false, unresolved: [...unresolved], message: unresolvedMessage([...unresolved], resolve) };
  }
  let known: KnownTarget;
  try {
    known = knownTarget(targets, target, environment);
  } catch (err) {
    if (err instanceof UnsendableTarget) return { ok: false, unresolved: [], message: err.message };
    return { ok: false, unresolved: [], message: `"${target}" is not a URL or path: start it with {{gatewayUrl}}/rest/ or {{boardingUrl}}/api/` };
  }
  const { url } = known;
  // A value from the process's environment or a .env file is a secret: it goes where the keys go, and nowhere else.
  if (outside !== undefined && outside.handedOut !== handedBefore && !onEnvironmentOrigin(url, environment)) {
    return {
      ok: false,
      unresolved: [],
      message: `refused: it carries a {{$processEnv …}} or {{$dotenv …}} value, and those go only to environment "${environment.name}"'s own origins (${environmentOrigins(environment).join(', ')}), as its keys do; this request goes to ${url.origin}: start its URL with {{gatewayUrl}} or {{boardingUrl}}`,
    };
  }
  const method = request.method.toUpperCase();
  const match = matchAt(known, method);
  // Built property by property: spread-built literals get a fresh shape each time, and this one is made per request.
  const prepared = { index, request, method, url, headers } as PreparedRequest;
  if (body !== undefined) prepared.body = body;
  if (match) {
    prepared.operation = match.op;
    prepared.params = { ...match.params };
  }
  prepared.ignoredAuthHeaders = ignoredAuthHeaders;
  prepared.label = requestLabel(request);
  return { ok: true, prepared };
}
