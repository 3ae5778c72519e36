// The words for each safety class, written once: the README's operation table, request
// documents' headers, hover, the run picker, the questions before a link's or a production send,
// the CLI's refusals and the advice after a lost answer all read them from here.
import type { Safety, SafetyWording } from './types';

export const SAFETY_WORDING: Readonly<Record<Safety, SafetyWording>> = {
  read: { label: 'read', does: 'only reads' },
  write: { label: 'write', does: 'changes data on the gateway' },
  'moves-money': { label: 'moves money', does: 'moves money' },
  destructive: { label: 'destructive', does: 'deletes data on the gateway', caution: 'cannot be undone from here' },
};
