// `gateway-workbench import FILE… [--out DIR] [--force]`: REST Client / httpYac .http files,
// Postman collections (with their environment files), Bruno collection folders or .bru files, HAR
// files and files of curl commands, each written as one .gwreq file in --out, and a report of what
// was carried over and what was not. Nothing in the sources is run; no key is written.

import { parseArgs } from 'node:util';
import { importFiles } from '../../core/import/importFiles';
import { importReportText } from '../../core/import/importReportText';
import { visibleText } from '../../core/protection/visibleText';
import { UsageError, parseOptionsOf, type CliCommand, type CliOption } from '../cliCommand';

const OPTIONS = [
  { name: 'out', type: 'string', value: 'DIR', text: 'The folder the request files are written to (made when missing); the current folder without it.' },
  { name: 'force', type: 'boolean', text: 'Overwrite a request file of the same name; without it the new one gets a numbered name (name-2.gwreq). A link is never written through.' },
] as const satisfies readonly CliOption[];

export const importCommand: CliCommand = {
  name: 'import',
  summary: 'Turn REST Client / httpYac .http files, Postman collections, Bruno collections, HAR files and curl commands into request files.',
  usage: 'gateway-workbench import FILE… [--out DIR] [--force]',
  options: OPTIONS,
  notes: [
    'FILE is a .http or .rest file, a Postman collection v2.1 export (.json) with any Postman environment files (.json) whose variables it uses, a Bruno collection folder (with bruno.json) or .bru file, a .har file, or a text file of curl commands. Each becomes one .gwreq file named after the collection.',
    'Requests are matched to catalog operations; a {{baseUrl}}-style variable or a gateway host becomes {{gatewayUrl}} / {{boardingUrl}}; a request to another host is left out. Key headers and key variables are removed (the environment supplies the keys at send time). Chained values and checks become # @name chaining and # @expect lines where they have an equivalent. Scripts are never run.',
    'Prints, per source and request, what was carried over (✓) and what was not (✗). Exit codes: 0 every source imported; 1 a source could not be imported (the others are still written); 2 bad arguments.',
  ],
  async run(args, io) {
    const { values, positionals } = parseArgs({ args, options: parseOptionsOf(OPTIONS), strict: true, allowPositionals: true });
    if (positionals.length === 0) throw new UsageError('missing FILE: name the files (or Bruno collection folders) to import');
    if (values.out === '') throw new UsageError('--out needs a folder');
    const report = await importFiles(positionals, { outDir: values.out ?? '.', force: values.force === true });
    // Titles and names come from strangers' files: shown without their control characters.
    for (const line of importReportText(report).split('\n')) io.out(visibleText(line));
    return report.files.some((f) => f.error) ? 1 : 0;
  },
};
