// What a run says about a request beyond its verdict, as sentences every report shows the same
// way (text, json, junit, the extension): auth headers written in the file that were not sent,
// and a body too large to look into.

import type { RequestOutcome } from './types';

function ignoredAuthHeadersNote(names: readonly string[]): string {
  const plural = names.length > 1;
  return `the ${names.join(', ')} header${plural ? 's' : ''} written in the file ${plural ? 'were' : 'was'} not sent: keys come only from the environment's stored keys`;
}

export function outcomeNotes(outcome: Pick<RequestOutcome, 'ignoredAuthHeaders' | 'result'>): string[] {
  const notes: string[] = [];
  if (outcome.ignoredAuthHeaders?.length) notes.push(ignoredAuthHeadersNote(outcome.ignoredAuthHeaders));
  if (outcome.result?.notParsed) notes.push(outcome.result.notParsed);
  return notes;
}
