// Code lenses above each request's method line: Send, Send to <other environment> (up to
// three, then "Send to…"), Send All on the first request, and Code… (the request as a program).
// The plain Send names its target unless it is the Local sandbox, and says "PRODUCTION" in words
// when it is one.

import type { CodeLens } from 'vscode-languageserver-types';
import type { AnalyzedDocument } from '../documents/analyzedDocument';
import { documentTarget, type DocumentTarget } from '../documents/documentTarget';
import { LENS_COMMANDS, MAX_NAMED_ENVIRONMENT_LENSES, type EnvironmentsParams, type PickEnvironmentArgument } from '../protocol';

export function codeLensesOf(doc: AnalyzedDocument, environments: EnvironmentsParams): CodeLens[] {
  const target = documentTarget(doc, environments);
  const others = environments.names.filter((n) => n !== target.name && n.trim() !== '');
  const sendTitle = plainSendTitle(target);
  const named = others.length > MAX_NAMED_ENVIRONMENT_LENSES + 1 ? others.slice(0, MAX_NAMED_ENVIRONMENT_LENSES) : others;
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
    for (const name of named) {
      lenses.push({ range, command: { title: `Send to ${name}`, command: LENS_COMMANDS.sendRequestAt, arguments: [doc.uri, index, name] } });
    }
    if (named.length < others.length) {
      lenses.push({ range, command: { title: 'Send to…', command: LENS_COMMANDS.sendRequestAt, arguments: [doc.uri, index, pick] } });
    }
    if (index === 0) lenses.push({ range, command: { title: 'Send All', command: LENS_COMMANDS.sendAll, arguments: [doc.uri] } });
    lenses.push({ range, command: { title: 'Code…', tooltip: 'Generate this request as a cURL, JavaScript, Python, PHP, Java, Go or C# program', command: LENS_COMMANDS.generateCode, arguments: [doc.uri, index] } });
  }
  return lenses;
}

function plainSendTitle(target: DocumentTarget): string {
  if (target.local || !target.name) return '▷ Send';
  return target.production ? `▷ Send to ${target.name} (PRODUCTION)` : `▷ Send to ${target.name}`;
}
