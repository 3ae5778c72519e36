// Lines for what never became an exchange: requests the guard refused, and failures or
// cancellations before the client was reached; and the verdicts of request-file runs. An exchange's own line is the client's (one
// line: operation, method, path, status, ms, exchange-id), prefixed with the environment.
import type * as vscode from 'vscode';
import { redact } from '../../core/protection/redaction';

export interface ExchangeContext {
  environmentName: string;
  /** Catalog operation id, when the request matched one. */
  operationId?: string;
  method: string;
  path: string;
  /** Keys of the environment: removed from every line. */
  secrets?: readonly string[];
}

const KEEP_LINES = 200;

export class ExchangeLog {
  private readonly lines: string[] = [];

  constructor(private readonly channel: vscode.LogOutputChannel) {}

  failure(ctx: ExchangeContext, kind: string, message: string): void {
    this.write('error', ctx, `FAILED (${kind}) ${message}`);
  }

  cancelled(ctx: ExchangeContext): void {
    this.write('info', ctx, 'cancelled by the user; the request was aborted');
  }

  refused(ctx: ExchangeContext, reason: string): void {
    this.write('warn', ctx, `not sent: ${reason}`);
  }

  /** A line that is not about one exchange (a request file's expectations and verdicts); already redacted. */
  note(level: 'info' | 'warn' | 'error', line: string): void {
    this.keep(line);
    this.channel[level](line);
  }

  show(): void {
    this.channel.show(true);
  }

  /** The last lines written here (already redacted): for diagnostics and the tests. */
  recent(): readonly string[] {
    return [...this.lines];
  }

  private write(level: 'info' | 'warn' | 'error', ctx: ExchangeContext, outcome: string): void {
    const line = redact(`[${ctx.environmentName}] ${ctx.operationId ?? 'request'} ${ctx.method} ${ctx.path} → ${outcome}`, ctx.secrets ?? []);
    this.keep(line);
    this.channel[level](line);
  }

  private keep(line: string): void {
    this.lines.push(line);
    if (this.lines.length > KEEP_LINES) this.lines.shift();
  }
}
