// The "Get started" walkthrough, as data (no vscode import): scripts/generate-manifest.ts merges it
// into package.json. Each step has the button that does it and an image (media/walkthrough/);
// a step completes when its command runs, its view shows or (a context key) the user did it.
// A description is VS Code's formatted text, not Markdown: **bold** and command links render, but
// backticks show as they are and a lone * or _ is taken for formatting, so none is written.
import type { ContributesFragment } from '../contributes';
import { COMMANDS, REQUEST_LANGUAGE_ID, TREE_VIEW_ID, VIEW_CONTAINER_ID, operationCommandId } from '../contracts';

export const WALKTHROUGH_ID = 'gatewayWorkbench.getStarted';
/**
 * Set (a global context key) once a request document holds a request line (walkthroughProgress.ts):
 * `onContext:editorLangId == …` never ticked, VS Code judging it on the window's global keys.
 */
export const WROTE_REQUEST_CONTEXT = 'gatewayWorkbench.wroteRequest';

/** A command link for a walkthrough description; arguments are URI-encoded JSON. */
const commandLink = (label: string, command: string, args?: unknown) =>
  `[${label}](command:${command}${args === undefined ? '' : `?${encodeURIComponent(JSON.stringify(args))}`})`;

interface Step { id: string; title: string; text: string; button: string; image: string; altText: string; completionEvents: string[] }

const STEPS: readonly Step[] = [
  {
    id: 'openView',
    title: 'Open the Gateway view',
    text: 'The Gateway view lists your environments. The **Local sandbox** is built in: a faithful simulator of the gateway that needs no account, so you can start at once.',
    button: commandLink('Open the Gateway view', `workbench.view.extension.${VIEW_CONTAINER_ID}`),
    image: 'open-view',
    altText: 'The Gateway view with the Local sandbox expanded into its groups',
    completionEvents: [`onView:${TREE_VIEW_ID}`],
  },
  {
    id: 'runSale',
    title: 'Run a sale on the Local sandbox',
    text: 'Every operation — the interface\'s 67, and past it customers, payment plans and mobile payment tokens — is a command. "Sale" opens a request pre-filled with a test card; **Send Request** sends it and opens the answer as a formatted editor. Amounts such as 0.21 decline on purpose (see the special values in the README).',
    button: commandLink('Run a sale', operationCommandId('transactions.sale')),
    image: 'run-sale',
    altText: 'A sale request and its APPROVED result side by side',
    completionEvents: [`onCommand:${operationCommandId('transactions.sale')}`, `onCommand:${COMMANDS.sendRequest}`],
  },
  {
    id: 'writeRequestFile',
    title: 'Write a request file with completion',
    text: 'Request files (.gwreq) are like the .http files you know. Type POST and let completion offer every path, header, body field, test card and decline amount; mistakes are flagged where they are. Files hold no keys, so they are safe to commit. This step is done once a request is written in one.',
    button: commandLink('New request file', 'workbench.action.files.newUntitledFile', { languageId: REQUEST_LANGUAGE_ID }),
    image: 'request-file',
    altText: 'A request file with completion of body fields and a flagged typo',
    completionEvents: [`onContext:${WROTE_REQUEST_CONTEXT}`],
  },
  {
    id: 'sendAll',
    title: 'Chain, assert and Send All',
    text: 'A line "# @name sale1" names a request, {{sale1.payload.transaction.id}} uses its answer and "# @expect status 200" checks it. **Send All** runs the file top to bottom and marks each expectation ✓ or ✗. With no request file open, it offers yours and the examples.',
    button: commandLink('Send All', COMMANDS.sendAll),
    image: 'send-all',
    altText: 'A sale and a chained refund, each expectation marked with a check',
    completionEvents: [`onCommand:${COMMANDS.sendAll}`],
  },
  {
    id: 'advanceAchClock',
    title: 'Advance the ACH clock',
    text: 'ACH debits move from Pending to Settling and then Settled or Returned at the 3 PM and 6 PM windows. On the Local sandbox you need not wait: advance its clock to the next window and watch the tree follow.',
    button: commandLink('Advance to the next ACH window', COMMANDS.sandboxNextAchWindow),
    image: 'ach-clock',
    altText: 'ACH transactions in the tree moving from Pending to Settled',
    completionEvents: [`onCommand:${COMMANDS.sandboxNextAchWindow}`],
  },
  {
    id: 'addEnvironment',
    title: 'Add your own sandbox and its keys',
    text: 'Add the gateway sandbox you were given: its URLs, then its api-key (and the boarding AccessKey and MerchantId). Keys go to the editor\'s secret storage and never into settings, files, logs or results. Production environments start read-only.',
    button: commandLink('Add Environment', COMMANDS.addEnvironment),
    image: 'add-environment',
    altText: 'The Add Environment steps: name, kind, URLs and keys',
    completionEvents: [`onCommand:${COMMANDS.addEnvironment}`, `onCommand:${COMMANDS.setKeys}`],
  },
  {
    id: 'runInCi',
    title: 'Run the same files in CI',
    text: 'The gateway-workbench npm package runs your request files headless with the same engine: "npx gateway-workbench run tests/checkout.gwreq --report junit --output results.xml" (name as many files as you like). Against its own in-process Local sandbox by default, or with --env Staging and keys from environment variables.',
    button: commandLink('Open a terminal', 'workbench.action.terminal.new'),
    image: 'run-in-ci',
    altText: 'A terminal running gateway-workbench run with every request passing',
    completionEvents: ['onCommand:workbench.action.terminal.new'],
  },
];

export const walkthroughs = [
  {
    id: WALKTHROUGH_ID,
    title: 'Get started with Gateway Workbench',
    description: 'From a first sale on the Local sandbox to request files that run in CI.',
    steps: STEPS.map(s => ({
      id: s.id,
      title: s.title,
      description: `${s.text}\n${s.button}`,
      media: { image: `media/walkthrough/${s.image}.svg`, altText: s.altText },
      completionEvents: s.completionEvents,
    })),
  },
];

/** The SVG each step shows, for the test that checks the files exist. */
export const walkthroughImages = STEPS.map(s => `media/walkthrough/${s.image}.svg`);

export const contributes: ContributesFragment = { walkthroughs };
