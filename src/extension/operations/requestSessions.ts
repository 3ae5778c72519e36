// Per request document: which environment it targets (set when a command opened it), and the
// last parsed response of each NAMED request, for `{{name.path}}` chaining. Memory only, for
// this session; forgotten when the document closes.

interface Session {
  environmentName?: string;
  named: Map<string, unknown>;
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

  namedResponses(uri: string): ReadonlyMap<string, unknown> {
    return this.sessions.get(uri)?.named ?? new Map();
  }

  rememberResponse(uri: string, name: string, parsed: unknown): void {
    this.session(uri).named.set(name, parsed);
  }

  forget(uri: string): void {
    this.sessions.delete(uri);
  }
}
