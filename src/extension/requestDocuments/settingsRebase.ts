// A settings update whose document was opened from a read knows its base (the settings it was
// read as). An update names every field it sends, so sending the document as written after
// someone changed a field elsewhere would silently put the old value back (issue 35, defect 1).
// At send time: read the current settings again; when they moved, send the user's changes on top
// of them (core/settings/settingsMerge.ts), and when the user changed the same field, show the
// three values (opened / now / yours) and ask. Every environment, not only production.
import * as vscode from 'vscode';
import type { Operation } from '../../catalog/types';
import { mergeSettings, settingsValueText, type SettingsConflict, type SettingsMerge } from '../../core/settings/settingsMerge';
import type { EnvironmentEntry, EnvironmentService } from '../contracts';
import { mayReach } from '../feedback/restrictedMode';
import { loadRuntime } from '../lazy/runtime';
import { currentSettingsOf, isSettingsWrite, settingsBodyLike, settingsOfBody, settingsReadOf } from '../operations/settingsDocuments';
import type { RequestSessions } from './requestSessions';

/** What to send instead of the body as written; `cancelled`: the user chose not to send. */
type Rebased = { kind: 'send'; body: string; sent: () => void } | { kind: 'cancelled' };

type ConflictChoice = vscode.QuickPickItem & { choice: 'mine' | 'theirs' | 'cancel' };

/** A field's value as shown: keys and secrets hidden. */
type Shown = (field: string, value: unknown) => string;

async function askAboutConflicts(env: EnvironmentEntry, op: Operation, merge: SettingsMerge, shown: Shown): Promise<'mine' | 'theirs' | undefined> {
  const conflictLine = (c: SettingsConflict): string => `${c.field}: opened ${shown(c.field, c.base)} · now ${shown(c.field, c.theirs)} · yours ${shown(c.field, c.yours)}`;
  const fields = merge.conflicts.map((c) => c.field).join(', ');
  const lines = merge.conflicts.map(conflictLine).join('; ');
  const others = merge.changedByYou.filter((f) => !merge.conflicts.some((c) => c.field === f));
  const alsoSent = others.length ? ` Your other change${others.length > 1 ? 's' : ''} (${others.join(', ')}) ${others.length > 1 ? 'are' : 'is'} sent either way.` : '';
  const items: ConflictChoice[] = [
    { choice: 'mine', label: '$(arrow-up) Send mine', detail: merge.conflicts.map((c) => `${c.field} ${shown(c.field, c.yours)} replaces ${shown(c.field, c.theirs)}`).join('; ') + '.' + alsoSent },
    { choice: 'theirs', label: `$(history) Keep theirs`, detail: merge.conflicts.map((c) => `${c.field} stays ${shown(c.field, c.theirs)}`).join('; ') + '.' + alsoSent },
    { choice: 'cancel', label: '$(close) Cancel', detail: 'Nothing is sent; "Gateway: Compare with Current Settings" shows all the current values.' },
  ];
  const picked = await vscode.window.showQuickPick(items, {
    title: `${op.title}: ${fields} changed on ${env.name} since this document was opened`,
    placeHolder: lines,
    ignoreFocusOut: true,
  });
  return picked?.choice === 'mine' || picked?.choice === 'theirs' ? picked.choice : undefined;
}

/**
 * The body to send for request `body` of settings write `op` from document `sessionKey`: as
 * written when the document has no base for `op` (a file the user wrote, a history re-run) or its
 * body does not parse, or when the current settings cannot be read (the exchange then goes as it
 * would have, and its answer tells). `sent` moves the base to what the document said once the
 * update is answered, so that the next send compares with that.
 */
export async function rebaseSettingsUpdate(
  environments: EnvironmentService, sessions: RequestSessions, sessionKey: string, env: EnvironmentEntry, op: Operation, body: string,
): Promise<Rebased> {
  const unchanged: Rebased = { kind: 'send', body, sent: () => undefined };
  const base = isSettingsWrite(op) ? sessions.settingsBase(sessionKey, op.id) : undefined;
  const read = settingsReadOf(op);
  // Untrusted workspace: the exchange flow refuses the send; reading with the keys first would not be ours to do.
  if (!base || !read || !mayReach(env)) return unchanged;
  const codecs = loadRuntime();
  const yours = settingsOfBody(op, body, codecs);
  if (!yours) return unchanged;
  const answer = await environments.client(env.name)
    .then((client) => client.send({ operation: read, params: {}, query: {} }))
    .catch(() => undefined);
  const theirs = answer?.status === 200 ? currentSettingsOf(op, answer.parsed) : undefined;
  if (!theirs) return unchanged;

  const merge = mergeSettings(base, theirs, yours);
  const secrets = await environments.secrets(env.name).catch(() => []);
  const shown: Shown = (field, value) => settingsValueText(field, value, secrets);
  const sent = () => sessions.setSettingsBase(sessionKey, op.id, { ...base, ...yours });
  if (merge.changedElsewhere.length === 0) return { kind: 'send', body, sent };
  let value = merge.mine;
  if (merge.conflicts.length > 0) {
    const choice = await askAboutConflicts(env, op, merge, shown);
    if (!choice) return { kind: 'cancelled' };
    value = choice === 'mine' ? merge.mine : merge.keepTheirs;
  } else {
    const kept = merge.changedElsewhere.filter((f) => Object.prototype.hasOwnProperty.call(yours, f));
    if (kept.length > 0) {
      void vscode.window.showInformationMessage(
        `${op.title}: ${kept.map((f) => `${f} (${shown(f, base[f])} → ${shown(f, theirs[f])})`).join(', ')} changed on ${env.name} after this document was opened. ` +
        `Kept ${kept.length > 1 ? 'them' : 'it'}: only your changes${merge.changedByYou.length ? ` (${merge.changedByYou.join(', ')})` : ''} were applied on top.`,
      );
    }
  }
  return { kind: 'send', body: settingsBodyLike(op, value, body, codecs), sent };
}
