// Which environment a plain "Send" of a document goes to, as the extension decides it: the one
// its header names (the environment a command opened it for), else the active one.

import { environmentNamedIn } from '../../core/requestFile/environmentLine';
import type { AnalyzedDocument } from './analyzedDocument';
import type { EnvironmentsParams } from '../protocol';

export interface DocumentTarget {
  name: string;
  production: boolean;
  local: boolean;
}

export function documentTarget(doc: Pick<AnalyzedDocument, 'text'>, environments: EnvironmentsParams): DocumentTarget {
  const named = environmentNamedIn(doc.text);
  const name = named !== undefined && environments.names.includes(named) ? named : environments.active;
  return {
    name,
    production: (environments.production ?? []).includes(name),
    local: environments.local === undefined || name === environments.local,
  };
}
