// The request document a command sends without opening it: the text "Run Operation…" would open,
// with the command's values and body in it, checked to hold that body exactly as given — a line of
// a body from history or a link that means something else in a request file ("###" starts another
// request, "< path" names a file) must not change what is sent. Pure (no vscode).
import type { Operation } from '../../catalog/types';
import { parseRequestFile, type RequestFile } from '../../core/requestFile';
import type { OperationVars } from '../contracts';
import { fillPlaceholders, requestDocumentText } from './requestDocumentText';

/** The text to run and its parse, or why the operation is not sent (a sentence that follows "… was not sent: "). */
export function operationRequestText(op: Operation, environmentName: string, vars?: OperationVars, givenBody?: string): { text: string; file: RequestFile } | { refused: string } {
  const body = op.bodyFormat === 'none' ? undefined : fillPlaceholders(givenBody ?? op.sample ?? '', vars);
  const unresolved = body?.match(/\{\{\s*[\w$.-]+\s*\}\}/g);
  if (unresolved) return { refused: `its body still has ${[...new Set(unresolved)].join(', ')}. Give the values or open it as a request document.` };
  const text = requestDocumentText({ operation: op, environmentName, ...(vars ? { vars } : {}), ...(body !== undefined ? { body } : {}) });
  const file = parseRequestFile(text);
  const [request, ...more] = file.requests;
  const reopen = 'Open it as a request document ("Gateway: Run Operation…") to send it.';
  if (!request || more.length > 0) return { refused: `its body has a line that starts another request ("###"). ${reopen}` };
  if (request.body?.file) return { refused: `its body is a line that names a file ("< path"). ${reopen}` };
  // Trailing blank lines are no body's own in a request file.
  if (request.body?.text.trimEnd() !== body?.trimEnd()) return { refused: `its body does not keep its shape in a request document. ${reopen}` };
  return { text, file };
}
