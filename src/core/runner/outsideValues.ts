// `{{$processEnv NAME}}` and `{{$dotenv NAME}}` (REST Client's): values read from outside the
// request file — the sending process's environment variables, and `.env` files (the one beside the
// request file first, then the workspace folder's, or the current directory's for the CLI). A
// request file may come from a stranger's repository and name AWS_SECRET_ACCESS_KEY, so such a
// value is a secret: each one handed out is told to the caller (who hides it wherever it shows
// it: results, history, traffic, logs, reports), and a request that carries one goes only to its
// environment's own origins, as its keys do (prepare.ts refuses the rest before anything is sent).
// Reading the .env files is dotenvFile.ts's (it brings dotenv, which the activation bundle must not).
import type { DotenvFile } from './dotenvFile';
import { OUTSIDE_VARIABLES, parseSystemVariable, type SystemCall } from '../requestFile/systemVariables';
import { SHORTEST_HIDDEN_VALUE } from './prompts';

export interface OutsideSources {
  /** An environment variable of the sending process (names only are ever listed). */
  processEnv(name: string): string | undefined;
  /** Where those variables come from, for a message: "the shell that runs gateway-workbench". */
  processEnvPlace: string;
  dotenvFiles: readonly DotenvFile[];
  /** Told each value handed out, before the request that carries it is sent: hide it from then on. */
  onValue?(value: string): void;
}

type OutsideCall = Extract<SystemCall, { name: '$processEnv' | '$dotenv' }>;

/** `{{inside}}`'s call when it is one of `$processEnv` / `$dotenv`, written right. */
function outsideCallOf(inside: string): OutsideCall | undefined {
  if (!isOutsideVariable(inside)) return undefined;
  const parsed = parseSystemVariable(inside);
  return parsed.ok && (parsed.call.name === '$processEnv' || parsed.call.name === '$dotenv') ? parsed.call : undefined;
}

/** Whether `{{name}}` reads from outside the file (its value is then a secret). */
export function isOutsideVariable(name: string): boolean {
  const head = /^\$\w+/.exec(name.trim())?.[0];
  return head !== undefined && (OUTSIDE_VARIABLES as readonly string[]).includes(head);
}

/** The values a run reads from outside its file, and what it has handed out (prepare.ts reads `handedOut`). */
export class OutsideValues {
  private handed = 0;
  private readonly told = new Set<string>();

  constructor(private readonly sources: OutsideSources) {}

  /** How many values were handed out so far: a preparation that raised it carries one. */
  get handedOut(): number {
    return this.handed;
  }

  /** The values handed out that are long enough to hide (shorter ones would hide the same digits in every amount and date). */
  hiddenValues(): readonly string[] {
    return [...this.told];
  }

  /**
   * The value of `{{inside}}` when it is an outside variable that has one. `fileVariable` gives a
   * file variable's value as written, for `%name`; a name written with `{{…}}` in it is not taken.
   */
  valueOf(inside: string, fileVariable: (name: string) => string | undefined): string | undefined {
    const call = outsideCallOf(inside);
    if (!call) return undefined;
    const name = this.nameOf(call, fileVariable);
    if (name === undefined) return undefined;
    const value = call.name === '$processEnv' ? this.sources.processEnv(name) : this.dotenvValue(name);
    if (value === undefined) return undefined;
    this.handed++;
    if (value.length >= SHORTEST_HIDDEN_VALUE && !this.told.has(value)) {
      this.told.add(value);
      this.sources.onValue?.(value);
    }
    return value;
  }

  /** Why `{{inside}}` has no value, with what to do. */
  whyMissing(inside: string, fileVariable: (name: string) => string | undefined): string {
    const call = outsideCallOf(inside);
    if (!call) return `{{${inside}}} has no value`;
    const name = this.nameOf(call, fileVariable);
    if (name === undefined) {
      const value = fileVariable(call.variable);
      return value === undefined
        ? `{{${inside}}}: %${call.variable} takes the name from the file variable "${call.variable}", and this file has none: add "@${call.variable} = NAME"`
        : `{{${inside}}}: the file variable "${call.variable}" must hold a plain name (letters, digits, _ . -), not "${value}"`;
    }
    const shownName = call.indirect ? `${name} (the name "${call.variable}" holds)` : name;
    if (call.name === '$processEnv') return `{{${inside}}}: ${shownName} is not set in the environment of ${this.sources.processEnvPlace}: set it there (or use {{$dotenv ${name}}} and a .env file)`;
    const files = this.sources.dotenvFiles;
    if (files.length === 0) return `{{${inside}}}: this request file is not on disk, so there is no .env beside it: save it first`;
    const problems = files.filter((f) => f.problem !== undefined).map((f) => `${f.path} could not be read: ${f.problem}`);
    const looked = files.map((f) => f.path).join(', then ');
    const found = files.some((f) => f.values !== undefined);
    const what = found ? `no ${shownName} in ${looked}` : `no .env file at ${looked}`;
    return `{{${inside}}}: ${what}${problems.length > 0 ? ` (${problems.join('; ')})` : ''}: add the line ${name}=value to ${files[0].path}`;
  }

  private nameOf(call: OutsideCall, fileVariable: (name: string) => string | undefined): string | undefined {
    if (!call.indirect) return call.variable;
    const held = fileVariable(call.variable)?.trim();
    return held !== undefined && /^[A-Za-z_][\w.-]*$/.test(held) ? held : undefined;
  }

  private dotenvValue(name: string): string | undefined {
    for (const file of this.sources.dotenvFiles) {
      const value = file.values?.get(name);
      if (value !== undefined) return value;
    }
    return undefined;
  }
}

/** Whether `url` goes to one of `environment`'s own origins (its gateway or boarding URL's). */
export function onEnvironmentOrigin(url: URL, environment: { gatewayUrl: string; boardingUrl: string }): boolean {
  return environmentOrigins(environment).includes(url.origin);
}

export function environmentOrigins(environment: { gatewayUrl: string; boardingUrl: string }): string[] {
  const origins: string[] = [];
  for (const base of [environment.gatewayUrl, environment.boardingUrl]) {
    try {
      const origin = new URL(base).origin;
      if (!origins.includes(origin)) origins.push(origin);
    } catch {
      // An environment without a valid URL of this family: nothing goes there.
    }
  }
  return origins;
}
