// Code lenses above each request's method line: "▷ Send (<target>)", "Send to…" (a quick pick of
// every environment), Send All on the first request, and Code… (the request as a program). The
// same lenses however many environments exist: one lens per environment crowded every request
// of every file (issue 35). The plain Send names its target, and says "PRODUCTION" in words when
// it is one.

import type { CodeLens } from 'vscode-languageserver-types';
import type { AnalyzedDocument } from '../documents/analyzedDocument';
import { documentTarget, type DocumentTarget } from '../documents/documentTarget';
import { LENS_COMMANDS, type EnvironmentsParams, type PickEnvironmentArgument } from '../protocol';

export function codeLensesOf(doc: AnalyzedDocument, environments: EnvironmentsParams): CodeLens[] {
  const target = documentTarget(doc, environments);
  const sendTitle = plainSendTitle(target);
  const pick: PickEnvironmentArgument = { pickEnvironment: true };
  const lenses: CodeLens[] = [];
  // The extension sends a plain Send to the environment the file was opened for, if any, so the
  // tooltip says so rather than promising the active one.
  const tooltip = `Send to this file's environment: the one it was opened for, else the active one${target.name ? ` (${target.name})` : ''}`;
  // Only each request's method line is read: an open file's lenses need no request moved into place.
  for (let index = 0; index < doc.requestCount; index++) {
    const line = doc.methodLine(index) as number;
    const range = { start: { line, character: 0 }, end: { line, character: 0 } };
    lenses.push({ range, command: { title: sendTitle, tooltip, command: LENS_COMMANDS.sendRequestAt, arguments: [doc.uri, index] } });
    lenses.push({ range, command: { title: 'Send to…', tooltip: PICK_TOOLTIP, command: LENS_COMMANDS.sendRequestAt, arguments: [doc.uri, index, pick] } });
    if (index === 0) lenses.push({ range, command: { title: 'Send All', command: LENS_COMMANDS.sendAll, arguments: [doc.uri] } });
    lenses.push({ range, command: { title: 'Code…', tooltip: 'Generate this request as a cURL, JavaScript, Python, PHP, Java, Go or C# program', command: LENS_COMMANDS.generateCode, arguments: [doc.uri, index] } });
  }
  return lenses;
}

const PICK_TOOLTIP = 'Send this request to an environment picked from the list (production still asks for its name)';

function plainSendTitle(target: DocumentTarget): string {
  if (!target.name) return '▷ Send';
  return target.production ? `▷ Send (${target.name} · PRODUCTION)` : `▷ Send (${target.name})`;
}
