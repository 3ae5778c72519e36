// The shape of one language's generator: a name for menus and the CLI, and a renderer.

import type { CodeRequest } from '../codeRequest';
import type { RenderContext } from '../programParts';

export interface LanguageGenerator {
  /** The CLI's `--lang` value. */
  id: string;
  /** What menus show: "cURL", "Python (requests)". */
  label: string;
  /** Without the dot; a Java program's file name must match its class, see `fileName`. */
  fileExtension: string;
  render(request: CodeRequest, context: RenderContext): string;
  /** The file name the program must be saved under, when the language cares (Java). */
  fileName?(request: CodeRequest): string;
}
