// `gateway-workbench settings export|plan|apply`: an environment's gateway settings as a
// reviewable file. export writes every group; plan prints what applying a file would change
// (exit 0 nothing, 2 something, 1 error — for CI); apply writes only what differs, group by
// group, reads each back, and needs the typed name (or --confirm NAME) for production.

import { writeFile, readFile } from 'node:fs/promises';
import * as readline from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { credentialSecrets } from '../../core/protection/redaction';
import { visibleText } from '../../core/protection/visibleText';
import { parseSettingsFile, settingsFileText, type SettingsFile } from '../../core/settingsCode/settingsFile';
import { changeCount, planSettings, planText, type GroupPlan } from '../../core/settingsCode/settingsPlan';
import { applySettings, readSettings, type GroupOutcome } from '../../core/settingsCode/settingsRemote';
import { UsageError, parseOptionsOf, type CliCommand, type CliIo, type CliOption } from '../cliCommand';
import { CONFIG_OPTION } from '../run/environmentConfig';
import { targetClient, targetFor, type RunTarget } from '../run/runTarget';

const ACTIONS = ['export', 'plan', 'apply'] as const;
type Action = (typeof ACTIONS)[number];

const OPTIONS = [
  { name: 'env', type: 'string', value: 'local|NAME', text: 'The environment, as `run` takes it: local (the default) is a Local sandbox started in this process (its default settings); NAME is that environment of the environments file, with its keys from GATEWAY_API_KEY (or GATEWAY_API_KEY_<NAME>).' },
  CONFIG_OPTION,
  { name: 'out', type: 'string', value: 'FILE', text: 'export: write the file here instead of to standard output.' },
  { name: 'yes', type: 'boolean', text: 'apply: apply without asking (a sandbox or custom environment; production needs --confirm).' },
  { name: 'confirm', type: 'string', value: 'NAME', text: 'apply to a production environment: its name, exactly, as the editor asks you to type it (for CI, where nobody can type).' },
] as const satisfies readonly CliOption[];

async function readFileOrFail(file: string): Promise<SettingsFile> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new UsageError(`cannot read ${file}: ${code === 'ENOENT' ? 'it does not exist' : (err as Error).message}; write one with "gateway-workbench settings export --env NAME --out ${file}"`);
  }
  return parseSettingsFile(text, file);
}

/** Asks on the terminal; undefined when nobody can answer (stdin is not a terminal). */
async function ask(question: string): Promise<string | undefined> {
  if (!process.stdin.isTTY) return undefined;
  const rl = readline.createInterface({ input: process.stdin, output: process.stderr });
  try {
    return (await rl.question(question)).trim();
  } finally {
    rl.close();
  }
}

/** Whether apply may go ahead: read-only refused, production by its typed name, others by --yes or "y". */
async function mayApply(target: RunTarget, plans: readonly GroupPlan[], values: { yes?: boolean; confirm?: string }, io: CliIo): Promise<boolean> {
  const name = target.environment.name;
  if (target.readOnly) throw new Error(`"${name}" is read-only: settings are never written to it`);
  if (target.environment.kind === 'production') {
    if (values.confirm !== undefined) {
      if (values.confirm === name) return true;
      throw new Error(`--confirm "${visibleText(values.confirm)}" is not the production environment's name; type it exactly: ${name}`);
    }
    const typed = await ask(`"${name}" is PRODUCTION: ${changeCount(plans)} change(s) to its settings. Type its name to apply: `);
    if (typed === undefined) throw new Error(`"${name}" is a production environment: pass --confirm "${name}" to apply without a terminal`);
    if (typed !== name) {
      io.err(`Not applied: "${visibleText(typed)}" is not "${name}".`);
      return false;
    }
    return true;
  }
  if (values.yes) return true;
  const answer = await ask(`Apply ${changeCount(plans)} change(s) to "${name}"? [y/N] `);
  if (answer === undefined) throw new Error(`nobody can answer here: pass --yes to apply to "${name}"`);
  if (/^y(es)?$/i.test(answer)) return true;
  io.err('Not applied.');
  return false;
}

function outcomeLine(outcome: GroupOutcome): string {
  if (outcome.status === 'applied') return `✓ ${outcome.group}: applied and read back (${outcome.fields.join(', ')})`;
  if (outcome.status === 'failed') return `✗ ${outcome.group}: ${outcome.reason}`;
  return `· ${outcome.group}: unchanged`;
}

async function run(action: Action, files: string[], values: Record<string, string | boolean | undefined>, io: CliIo): Promise<number> {
  if (action === 'export' && files.length > 0) throw new UsageError(`export takes no FILE (got "${files[0]}"); use --out FILE`);
  if (action !== 'export' && files.length !== 1) throw new UsageError(`${action} takes exactly one settings FILE`);
  if (action !== 'export' && values.out !== undefined) throw new UsageError('--out is for export');
  const desired = action === 'export' ? undefined : await readFileOrFail(files[0]);
  const target = await targetFor(values.env as string | undefined, values.config as string | undefined);
  const client = targetClient(target);
  try {
    const name = target.environment.name;
    if (action === 'export') {
      const text = settingsFileText({ environment: name, settings: Object.fromEntries(Object.entries(await readSettings(client)).filter(([, v]) => v !== undefined)) as SettingsFile['settings'] });
      // The groups never carry a key (settingsGroups.ts), and this makes sure of it whatever an environment answers.
      if (credentialSecrets(target.credentials).some((secret) => secret.length >= 6 && text.includes(secret))) {
        throw new Error(`an answer of "${name}" holds one of its keys; nothing was written`);
      }
      if (typeof values.out === 'string') {
        await writeFile(values.out, text);
        io.err(`Wrote the settings of "${name}" to ${values.out}.`);
      } else {
        io.out(text.trimEnd());
      }
      return 0;
    }
    const current = await readSettings(client, Object.keys(desired!.settings));
    const plans = planSettings(current, desired!);
    for (const line of planText(plans, name)) io.out(line);
    if (action === 'plan') return changeCount(plans) === 0 ? 0 : 2;
    if (changeCount(plans) === 0) return 0;
    if (!(await mayApply(target, plans, values, io))) return 1;
    const outcomes = await applySettings(client, plans, desired!.settings, (o) => io.out(outcomeLine(o)));
    const failed = outcomes.filter((o) => o.status === 'failed');
    if (failed.length > 0) {
      const applied = outcomes.filter((o) => o.status === 'applied').map((o) => o.group);
      io.err(`Not every group was applied: ${failed.map((o) => o.group).join(', ')} failed${applied.length ? `; ${applied.join(', ')} were applied` : ''}. Run "settings plan" to see what is left.`);
      return 1;
    }
    io.out(`Applied: "${name}" now has the file's settings.`);
    return 0;
  } finally {
    await client.close();
    await target.close();
  }
}

export const settingsCommand: CliCommand = {
  name: 'settings',
  summary: 'Export an environment\'s gateway settings to a file, plan a file against an environment, apply it.',
  usage: 'gateway-workbench settings export|plan|apply [FILE] [--env local|NAME] [--config FILE] [--out FILE] [--yes] [--confirm NAME]',
  options: OPTIONS,
  notes: [
    'export writes every settings group of the environment (terminal, AVS, CSC, duplicate checks, recurring, pay links, HPP, devices, transaction alerts, batch report) as one JSON file, groups and fields in a stable order; never a key, a merchant or terminal id or name, or the HPP public key. VS Code checks *.gwsettings.json files against its schema.',
    'plan FILE prints, group by group and field by field, what applying the file would change (batch-time-utc: 03:00 → 05:17). A field the file leaves out is left alone.',
    'apply FILE writes only the groups that differ, each with only its changed fields, duplicate checks, AVS and CSC first; reads each back and checks it. A refused or failed group is named and the others still go. Production needs its name typed (or --confirm NAME); a read-only environment is refused.',
    'Keys come from environment variables, as for run: GATEWAY_API_KEY, or GATEWAY_API_KEY_<NAME> for one environment.',
    'Exit codes: plan 0 nothing would change, 2 something would, 1 an error; export and apply 0 done, 1 an error or a group not applied.',
  ],
  async run(args, io) {
    const { values, positionals } = parseArgs({ args, options: parseOptionsOf(OPTIONS), strict: true, allowPositionals: true });
    const [action, ...files] = positionals;
    if (!ACTIONS.includes(action as Action)) {
      throw new UsageError(action === undefined ? 'missing export, plan or apply' : `unknown settings action "${visibleText(action)}"; use export, plan or apply`);
    }
    if (action !== 'plan') return run(action as Action, files, values, io);
    // plan's exit code 2 means "changes": its errors, usage ones too, are 1.
    try {
      return await run('plan', files, values, io);
    } catch (err) {
      const usage = err instanceof UsageError ? ` (usage: ${settingsCommand.usage})` : '';
      io.err(`gateway-workbench settings: ${visibleText((err as Error).message.split('\n')[0])}${usage}`);
      return 1;
    }
  },
};

