// "Gateway: Add Environment…" (and the first four steps again for "Edit Environment…"): name,
// kind, gateway URL, boarding URL, then api-key, AccessKey and MerchantId. Back keeps what was
// typed; Escape keeps the non-secret answers for the next "Add Environment…" in this session.
import type * as vscode from 'vscode';
import type { Credentials } from '../../core/environments/environment';
import { askPick, askText, BACK, type StepResult } from './multiStepInput';
import {
  boardingUrlFor, DEFAULT_URLS, USER_KINDS, validateName, validateUrl,
  type StoredEnvironment, type UserEnvironmentKind,
} from './environmentValidation';

interface WizardResult {
  env: StoredEnvironment;
  /** Only when adding. */
  credentials?: Credentials;
}

interface Draft {
  name: string;
  kind: UserEnvironmentKind;
  gatewayUrl: string;
  boardingUrl: string;
  apiKey: string;
  accessKey: string;
  merchantId: string;
}

interface KindItem extends vscode.QuickPickItem { envKind: UserEnvironmentKind }

const KIND_ITEMS: readonly KindItem[] = USER_KINDS.map(kind => ({
  envKind: kind,
  label: { sandbox: 'Sandbox', production: 'Production', custom: 'Custom' }[kind],
  description: DEFAULT_URLS[kind]?.gatewayUrl.replace('https://', '') ?? 'your own URLs',
  detail: {
    sandbox: 'The gateway\'s test environment: no real money moves.',
    production: 'Real money. Starts read-only; payments and deletions ask for confirmation.',
    custom: 'Any other gateway-compatible server (https, or http on loopback).',
  }[kind],
}));

/** Non-secret answers of a cancelled "Add Environment…", offered again next time. */
let unfinishedDraft: Omit<Draft, 'apiKey' | 'accessKey' | 'merchantId'> | undefined;

interface WizardOptions {
  /** Names already in use (the Local sandbox's included). */
  takenNames: readonly string[];
  /** Editing: the environment's current values (and only steps 1–4 are asked). */
  editing?: StoredEnvironment;
  /** Said after the api-key's prompt: where the keys are kept (keyStorageNote.ts), when it matters. */
  keyNote?: string;
}

export async function runEnvironmentWizard(opts: WizardOptions): Promise<WizardResult | undefined> {
  const editing = opts.editing;
  const draft: Draft = {
    name: '', kind: 'sandbox', gatewayUrl: '', boardingUrl: '', apiKey: '', accessKey: '', merchantId: '',
    ...(editing ?? unfinishedDraft),
  };
  const title = editing ? `Edit Environment "${editing.name}"` : 'Add Gateway Environment';
  const steps = stepsFor(draft, opts, title);
  const totalSteps = steps.length;
  let index = 0;
  while (index < totalSteps) {
    const outcome = await steps[index](index + 1, totalSteps);
    if (outcome === undefined) {
      if (!editing) unfinishedDraft = { name: draft.name, kind: draft.kind, gatewayUrl: draft.gatewayUrl, boardingUrl: draft.boardingUrl };
      return undefined;
    }
    index = outcome === BACK ? Math.max(0, index - 1) : index + 1;
  }
  if (!editing) unfinishedDraft = undefined;
  const env: StoredEnvironment = {
    name: draft.name.trim(),
    kind: draft.kind,
    gatewayUrl: draft.gatewayUrl.trim(),
    boardingUrl: draft.boardingUrl.trim(),
    // Editing keeps the read-only choice, except that turning into production makes it read-only.
    readOnly: editing && !(draft.kind === 'production' && editing.kind !== 'production') ? editing.readOnly : draft.kind === 'production',
  };
  return editing ? { env } : { env, credentials: { apiKey: draft.apiKey, accessKey: draft.accessKey, merchantId: draft.merchantId } };
}

type Step = (step: number, totalSteps: number) => Promise<StepResult<true>>;

function stepsFor(draft: Draft, opts: WizardOptions, title: string): Step[] {
  const text = async (field: keyof Draft, step: number, totalSteps: number, extra: {
    prompt: string; placeholder?: string; password?: boolean; validate?: (v: string) => string | undefined;
  }): Promise<StepResult<true>> => {
    const value = await askText({ title, step, totalSteps, value: draft[field], ...extra });
    if (typeof value !== 'string') return value;
    (draft as unknown as Record<string, string>)[field] = value;
    return true;
  };
  const steps: Step[] = [
    (step, total) => text('name', step, total, {
      prompt: 'A unique name for the environment, shown in the tree and the status bar.',
      placeholder: 'e.g. Gateway sandbox',
      validate: v => validateName(v, opts.takenNames, opts.editing?.name),
    }),
    async (step, totalSteps) => {
      const picked = await askPick({
        title, step, totalSteps, items: KIND_ITEMS,
        active: KIND_ITEMS.find(i => i.envKind === draft.kind),
        placeholder: 'What kind of environment is it?',
      });
      if (!picked || picked === BACK) return picked;
      applyKind(draft, picked.envKind);
      return true;
    },
    async (step, total) => {
      const outcome = await text('gatewayUrl', step, total, {
        prompt: 'Gateway URL: serves /rest/ (https, or http on 127.0.0.1/localhost).',
        placeholder: 'https://gateway-sb.example.net',
        validate: validateUrl,
      });
      if (outcome === true) draft.boardingUrl = boardingUrlFor(draft.gatewayUrl, draft.boardingUrl);
      return outcome;
    },
    (step, total) => text('boardingUrl', step, total, {
      prompt: 'Boarding URL: serves /api/ (https, or http on 127.0.0.1/localhost).',
      placeholder: 'https://boarding-sb.example.net',
      validate: validateUrl,
    }),
  ];
  if (opts.editing) return steps;
  return [
    ...steps,
    (step, total) => text('apiKey', step, total, {
      prompt: `api-key for /rest/ operations. Kept in the editor's secret storage only.${opts.keyNote ?? ''}`,
      password: true,
      validate: v => (v.trim() ? undefined : 'Enter the api-key (you can change it later with "Gateway: Set Keys…").'),
    }),
    (step, total) => text('accessKey', step, total, {
      prompt: 'AccessKey for /api/ (boarding) operations — optional: press Enter to skip.',
      password: true,
    }),
    (step, total) => text('merchantId', step, total, {
      prompt: 'MerchantId for /api/ (boarding) operations — optional: press Enter to skip.',
      validate: v => (!v.trim() || /^\d+$/.test(v.trim()) ? undefined : 'A MerchantId is digits only.'),
    }),
  ];
}

/** A new kind brings its default URLs, unless the user typed their own. */
function applyKind(draft: Draft, kind: UserEnvironmentKind): void {
  const previous = DEFAULT_URLS[draft.kind];
  const next = DEFAULT_URLS[kind];
  draft.kind = kind;
  if (!draft.gatewayUrl || draft.gatewayUrl === previous?.gatewayUrl) draft.gatewayUrl = next?.gatewayUrl ?? '';
  if (!draft.boardingUrl || draft.boardingUrl === previous?.boardingUrl) draft.boardingUrl = next?.boardingUrl ?? '';
}
