// The shape of one language's generator: everything the rest of the product knows about a
// language — its name for menus and the CLI, the editor language its programs open in, the
// toolchain the tests run them with — and its renderer. Adding a language is one file of this
// shape plus its entry in LANGUAGES (../index.ts).

import type { CodeRequest } from '../codeRequest';
import type { RenderContext } from '../programParts';

/** A command line: the program, then its arguments. */
type Command = readonly [string, ...string[]];

/**
 * What runs this language's programs, as data: test/codegen finds and runs it with these
 * (toolchains.ts), scripts/setup-codegen-toolchains.sh installs the Debian packages of each one
 * it does not find. In `checks` and `run`, `{tool}` is the first of `tools` for which every check
 * passes, and `{file}` the program's file name (run in the program's own folder).
 */
export interface Toolchain {
  /** What to install, as a message says when it is missing. */
  needs: string;
  debianPackages: readonly string[];
  /** Each must exit 0 when the toolchain is installed. */
  checks: readonly Command[];
  /** Where `{tool}` may be found, in order. */
  tools?: readonly string[];
  run: Command;
}

export interface LanguageGenerator {
  /** The CLI's `--lang` value. */
  id: string;
  /** What menus show: "cURL", "Python (requests)". */
  label: string;
  /** Without the dot; a Java program's file name must match its class, see `fileName`. */
  fileExtension: string;
  /** The VS Code language id a generated program opens in ("shellscript", "python"). */
  editorLanguage: string;
  /** How the tests run its programs; none for a language no compiler installs for here. */
  toolchain?: Toolchain;
  render(request: CodeRequest, context: RenderContext): string;
  /** The file name the program must be saved under, when the language cares (Java). */
  fileName?(request: CodeRequest): string;
}
