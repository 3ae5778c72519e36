// `gateway-workbench generate --lang curl|js|python|php|java|go|csharp FILE.gwreq
// [--request NAME | --line N] [--body-root DIR]`: prints a program that sends one request of a
// request file (a body file's content is in it: read only from inside --body-root's folder).
// Variables from `@x = v` lines are resolved; {{gatewayUrl}} / {{boardingUrl}} become the
// program's GATEWAY_URL / BOARDING_URL, defaulting to those variables' values here when set.

import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { BodyFileError, bodyFileReader } from '../../core/requestFile/bodyFile';
import { CodeGenerationError, LANGUAGES, RequestChoiceError, generateFromText, languageById, type RequestChoice } from '../../core/codegen/programs';
import { requestFileText } from '../../core/codecs/textFileDecoding';
import { UsageError, parseOptionsOf, type CliCommand, type CliOption } from '../cliCommand';
import { BODY_ROOT_OPTION, bodyRootOf, cliBodyFilePlace } from '../run/bodyRoot';

const LANGUAGE_IDS = LANGUAGES.map((l) => l.id).join('|');

function choiceOf(request: string | undefined, line: string | undefined): RequestChoice {
  if (request !== undefined && line !== undefined) throw new UsageError('give --request NAME or --line N, not both');
  if (request !== undefined) return { name: request };
  if (line === undefined) return undefined;
  if (!/^[1-9]\d*$/.test(line)) throw new UsageError(`--line must be a line number (1 or more), not "${line}"`);
  return { line: Number(line) };
}

const OPTIONS = [
  { name: 'lang', type: 'string', value: LANGUAGE_IDS, text: `The program's language, required: ${LANGUAGES.map((l) => `${l.id}, ${l.label}`).join('; ')}.` },
  { name: 'request', type: 'string', value: 'NAME', text: 'The request named NAME by its "# @name NAME" line.' },
  { name: 'line', type: 'string', value: 'N', text: 'The request whose block holds line N of the file (the first line is 1).' },
  BODY_ROOT_OPTION,
] as const satisfies readonly CliOption[];

export const generateCommand: CliCommand = {
  name: 'generate',
  summary: 'Print a program (cURL, JavaScript, Python, PHP, Java, Go, C#) that sends one request of a request file.',
  usage: `gateway-workbench generate --lang ${LANGUAGE_IDS} FILE.gwreq [--request NAME|--line N] [--body-root DIR]`,
  options: OPTIONS,
  notes: [
    'Without --request or --line the file must hold one request. The file\'s @variables are filled in; {{gatewayUrl}} and {{boardingUrl}} become the program\'s GATEWAY_URL and BOARDING_URL, read from the environment when it runs (defaulting to $GATEWAY_URL and $BOARDING_URL as set here), and so are the keys (GATEWAY_API_KEY…): a key is never written into the program.',
  ],
  async run(args, io) {
    const { values, positionals } = parseArgs({ args, options: parseOptionsOf(OPTIONS), strict: true, allowPositionals: true });
    if (values.lang === undefined) throw new UsageError(`missing --lang: one of ${LANGUAGE_IDS}`);
    const language = languageById(values.lang);
    if (!language) throw new UsageError(`--lang must be one of ${LANGUAGE_IDS}, not "${values.lang}"`);
    if (positionals.length !== 1) throw new UsageError(positionals.length === 0 ? 'missing FILE: name one request file' : 'name exactly one request file');
    const path = positionals[0];
    const choice = choiceOf(values.request, values.line);
    const bodyRoot = bodyRootOf(values['body-root']);
    let text: string;
    try {
      text = requestFileText(await readFile(path));
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      throw new UsageError(`cannot read ${path}: ${code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a folder' : (err as Error).message}`);
    }
    try {
      const program = generateFromText(language, text, {
        choice,
        source: path,
        readBodyFile: bodyFileReader(cliBodyFilePlace(path, bodyRoot)),
        ...(process.env.GATEWAY_URL ? { gatewayUrl: process.env.GATEWAY_URL } : {}),
        ...(process.env.BOARDING_URL ? { boardingUrl: process.env.BOARDING_URL } : {}),
      });
      io.out(program.code.replace(/\n$/, ''));
      return 0;
    } catch (err) {
      if (err instanceof RequestChoiceError || err instanceof RangeError || err instanceof BodyFileError || err instanceof CodeGenerationError) throw new UsageError(`${path}: ${err.message}`);
      throw err;
    }
  },
};
