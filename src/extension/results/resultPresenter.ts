// Shows a gateway result as a read-only editor: pretty-printed, redacted (card and account
// numbers to their last four, the environment's keys removed), in json or xml, with status,
// time and operation in the tab title. Bodies over LARGE_BODY_BYTES (core/resultText/showJob) open raw at once (a
// pretty-printed 10 MB answer is a slow editor) with a "Format" action; PDFs are saved instead.
// The text is made by the runtime's result renderer: large bodies are decoded, redacted and
// indented in its worker, so the extension host's thread is never blocked by them.
import * as vscode from 'vscode';
import type { GatewayResult } from '../../core/answers/result';
import { redact } from '../../core/protection/redaction';
import { showJob } from '../../core/resultText/showJob';
import { RESULT_SCHEME, type EnvironmentService, type ResultPresenter } from '../contracts';
import { resultColumn } from './editorColumns';
import { loadRuntime } from '../lazy/runtime';
import { savePdf } from './pdfSaver';
import type { ResultDocuments, ResultEntry, ResultOrigin } from './resultDocuments';

interface ResultPresenterWithFormat extends ResultPresenter {
  /** Re-renders a large (raw) result pretty-printed: the "Format" action. */
  format(uri: vscode.Uri): Promise<void>;
}

type TextFormat = ResultEntry['format'];

/** A tab title part: no path separators, short. */
function safeTitle(title: string): string {
  return title.replace(/[\\/?#%]/g, '-').slice(0, 80);
}

let shown = 0;

/** Reads that show the same thing each time: one tab per environment and group, refreshed. */
const isSettingsRead = (result: GatewayResult) => /^settings\.\w+\.get$/.test(result.operationId ?? '') && result.status === 200;

function resultUri(result: GatewayResult, title: string, format: TextFormat, environmentName: string): vscode.Uri {
  const ext = format === 'text' ? 'txt' : format;
  if (isSettingsRead(result)) return vscode.Uri.from({ scheme: RESULT_SCHEME, path: `/${safeTitle(`${title} · ${environmentName}`)}.${ext}` });
  const name = `${safeTitle(title)} ${result.status} ${result.statusText} ${Math.round(result.timingMs)}ms`.replace(/\s+/g, ' ').trim();
  shown += 1;
  return vscode.Uri.from({ scheme: RESULT_SCHEME, path: `/${name}.${ext}`, query: `n=${shown}` });
}

/**
 * Header names whose values are credentials whatever the server: hidden outright (a server may
 * echo a key, set a session cookie or hand out a token). The rest are redacted like any text.
 */
const SECRET_HEADER = /key|token|secret|passw|auth|cookie|signature|session|credential/i;

function redactedHeaders(headers: GatewayResult['headers'], secrets: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    out[name] = SECRET_HEADER.test(name) ? '*** (hidden)' : redact(`${name}: ${Array.isArray(value) ? value.join(', ') : value}`, secrets).slice(name.length + 2);
  }
  return out;
}

/** Which results answer the same request: the same request of the same file, else the same operation (or method and path); on the same environment. */
function compareKeyOf(result: GatewayResult, context: { title: string; environmentName: string; origin?: ResultOrigin }): string {
  const request = context.origin
    ? `${context.origin.uri}#${context.origin.name ?? context.origin.requestIndex}`
    : result.operationId ?? `${result.method} ${new URL(result.url, 'http://x').pathname}`;
  return `${context.environmentName}\n${request}`;
}

/** `storage`: the extension's global storage, where a PDF is proposed when there is no Downloads folder. */
export function createResultPresenter(environments: EnvironmentService, documents: ResultDocuments, storage: vscode.Uri): ResultPresenterWithFormat {
  return {
    async show(result, context) {
      if (result.format === 'pdf') {
        await savePdf(result, context.title, storage);
        return undefined;
      }
      const secrets = await environments.secrets(context.environmentName);
      const job = showJob(result, secrets);
      const { format } = job;
      const large = job.layout === 'raw';
      const content = await loadRuntime().resultRenderer().render(job);
      const uri = resultUri(result, context.title, format, context.environmentName);
      documents.add(uri, {
        content,
        ...(large ? { unformatted: content } : {}),
        format,
        status: result.status,
        statusText: result.statusText,
        timingMs: result.timingMs,
        attempts: result.attempts,
        payloadType: result.payloadType,
        exchangeId: result.exchangeId,
        headers: redactedHeaders(result.headers, secrets),
        title: context.title,
        environmentName: context.environmentName,
        method: result.method,
        url: redact(result.url, secrets),
        ...(result.headersMs !== undefined ? { headersMs: result.headersMs } : {}),
        sizeBytes: result.rawBody.length,
        compareKey: compareKeyOf(result, context),
        ...(context.origin ? { origin: context.origin } : {}),
      });
      let doc = await vscode.workspace.openTextDocument(uri);
      const language = format === 'text' ? 'plaintext' : format;
      if (doc.languageId !== language) doc = await vscode.languages.setTextDocumentLanguage(doc, language);
      return vscode.window.showTextDocument(doc, { preview: true, viewColumn: resultColumn() });
    },

    async format(uri) {
      const entry = documents.get(uri);
      if (!entry?.unformatted) return;
      const secrets = await environments.secrets(entry.environmentName);
      const content = await loadRuntime().resultRenderer().render({ kind: 'format', format: entry.format, shown: entry.unformatted, secrets });
      documents.update(uri, { ...entry, content, unformatted: undefined });
    },
  };
}
