// Code generation: a request-file request (or a catalog operation) as a short program in one of
// seven languages, keys read from the environment, the gateway's rules (402 decline, 429 wait,
// no POST sent twice) handled as the core client handles them. vscode-free: the CLI's
// `generate` command and the extension's "Generate Code…" both come here.

import { parseRequestFile, requestIndexAt, type RequestFile } from '../requestFile';
import { codeRequestFromFile, type CodeRequest, type CodeRequestOptions } from './codeRequest';
import type { RenderContext } from './programParts';
import { withCardDataFromEnvironment } from './cardData';
import type { LanguageGenerator } from './languages/language';
import { curl } from './languages/curl';
import { javascript } from './languages/javascript';
import { python } from './languages/python';
import { php } from './languages/php';
import { java } from './languages/java';
import { go } from './languages/go';
import { csharp } from './languages/csharp';

export { codeRequestFromFile, codeRequestFromOperation, type CodeRequest, type CodeRequestOptions } from './codeRequest';
export type { Parameter } from './parameters';
export type { LanguageGenerator } from './languages/language';
export { CodeGenerationError } from './requestChecks';

export const LANGUAGES: readonly LanguageGenerator[] = [curl, javascript, python, php, java, go, csharp];

export function languageById(id: string): LanguageGenerator | undefined {
  return LANGUAGES.find((l) => l.id === id);
}

interface GeneratedProgram {
  language: LanguageGenerator;
  code: string;
  /** A file name to save it under (`TransactionsSale.java`, `sale1.py`). */
  fileName: string;
  request: CodeRequest;
}

/** The one way to a program, for the CLI, the editor and the agent tool alike: card data in the request is read from the environment, never written in. */
export function renderProgram(language: LanguageGenerator, written: CodeRequest, context: RenderContext = {}): GeneratedProgram {
  const request = withCardDataFromEnvironment(written);
  const stem = (request.operation?.id ?? 'request').replace(/[^A-Za-z0-9]+/g, '-');
  return { language, code: language.render(request, context), fileName: language.fileName?.(request) ?? `${stem}.${language.fileExtension}`, request };
}

/** Which request of a file: by `# @name`, by a 1-based line inside its block, else the only one. */
export type RequestChoice = { name: string } | { line: number } | undefined;

export class RequestChoiceError extends Error {}

function chooseRequest(text: string, file: RequestFile, choice: RequestChoice): number {
  if (file.requests.length === 0) throw new RequestChoiceError('the file has no request in it (a request starts with a line such as "POST {{gatewayUrl}}/rest/v2/transactions/sale")');
  if (choice && 'name' in choice) {
    const index = file.requests.findIndex((r) => r.name === choice.name);
    if (index < 0) {
      const names = file.requests.flatMap((r) => (r.name ? [r.name] : []));
      throw new RequestChoiceError(`no request is named "${choice.name}"${names.length ? `; named requests: ${names.join(', ')}` : ' (name one with a "# @name" line)'}`);
    }
    return index;
  }
  if (choice && 'line' in choice) {
    // Past the end, the last block would "hold" any line: a mistyped line must not pick a request.
    const lines = text.replace(/\r?\n$/, '').split(/\r\n|\r|\n/).length;
    if (choice.line > lines) throw new RequestChoiceError(`line ${choice.line} is past the end of the file, which has ${lines} lines`);
    return requestIndexAt(text, file.requests, choice.line - 1);
  }
  if (file.requests.length > 1) throw new RequestChoiceError(`the file has ${file.requests.length} requests: choose one with --request NAME or --line N`);
  return 0;
}

interface GenerateOptions extends CodeRequestOptions, RenderContext {
  choice?: RequestChoice;
}

/** The program for one request of a request file's text. */
export function generateFromText(language: LanguageGenerator, text: string, options: GenerateOptions = {}): GeneratedProgram {
  const file = parseRequestFile(text);
  const index = chooseRequest(text, file, options.choice);
  return renderProgram(language, codeRequestFromFile(file, index, options), options.source ? { source: options.source } : {});
}
