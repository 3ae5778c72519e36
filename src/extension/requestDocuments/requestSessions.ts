// Per request document: which environment it targets (set when a command opened it), the
// last exchange of each NAMED request (its answer, and the request as sent), for `{{name.path}}` chaining, and what the last
// run of its requests came to, and — for a settings update opened from a read — the settings it
// was opened with (its base, which settingsRebase.ts merges against at send time). Memory only,
// for this session; forgotten when the document closes.
import type { RequestOutcome } from '../../core/runner/types';
import type { NamedExchange } from '../../core/runner/namedExchange';
import type { RunOutcome } from '../contracts';
import { redact } from '../../core/protection/redaction';

/** An outcome as kept after the run: without the response (bodies stay out of long-lived state). */
export type KeptOutcome = RunOutcome;

interface Session {
  environmentName?: string;
  named: Map<string, NamedExchange>;
  lastRun?: readonly KeptOutcome[];
  /** Per settings-update operation id: the settings the document's body started from. */
  settingsBase?: Map<string, Record<string, unknown>>;
}

export class RequestSessions {
  private readonly sessions = new Map<string, Session>();

  private session(uri: string): Session {
    let s = this.sessions.get(uri);
    if (!s) {
      s = { named: new Map() };
      this.sessions.set(uri, s);
    }
    return s;
  }

  targetOf(uri: string): string | undefined {
    return this.sessions.get(uri)?.environmentName;
  }

  setTarget(uri: string, environmentName: string): void {
    this.session(uri).environmentName = environmentName;
  }

  /** The live map the run engine reads and adds named responses to. */
  namedResponseMap(uri: string): Map<string, NamedExchange> {
    return this.session(uri).named;
  }

  lastRun(uri: string): readonly KeptOutcome[] | undefined {
    return this.sessions.get(uri)?.lastRun;
  }

  /**
   * Keeps `outcomes` without their responses, their words hidden as everywhere else (`secrets`:
   * the keys, typed secrets and values read from .env or the environment): the API hands them out.
   */
  setLastRun(uri: string, outcomes: readonly RequestOutcome[], secrets: readonly string[] = []): void {
    const hide = (text: string): string => redact(text, secrets);
    this.session(uri).lastRun = outcomes.map(({ result: _result, ...kept }) => ({
      ...kept,
      ...(kept.message !== undefined ? { message: hide(kept.message) } : {}),
      expectations: kept.expectations.map((e) => ({
        ...e,
        outcome: { ...e.outcome, message: hide(e.outcome.message), ...(e.outcome.actual !== undefined ? { actual: hide(e.outcome.actual) } : {}) },
      })),
    }));
  }

  settingsBase(uri: string, operationId: string): Record<string, unknown> | undefined {
    return this.sessions.get(uri)?.settingsBase?.get(operationId);
  }

  setSettingsBase(uri: string, operationId: string, base: Record<string, unknown>): void {
    const s = this.session(uri);
    (s.settingsBase ??= new Map()).set(operationId, base);
  }

  forget(uri: string): void {
    this.sessions.delete(uri);
  }
}
