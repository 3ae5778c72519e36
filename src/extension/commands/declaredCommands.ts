// Every command the extension contributes, by id: the same declarations package.json is
// generated from (each part's `contributes.commands` and the catalog's operation commands).
// Registration and the tree's clickable items read the title here, so a command is declared
// once. No vscode import.
import type { CommandContribution } from '../contributes';
// The command lists, not the whole fragments: menus and settings text stay out of the
// activation bundle.
import { codegenCommands } from '../codegen/contributions';
import { environmentCommands } from '../environments/contributions';
import { importCommands } from '../import/contributions';
import { operationCommands, partCommands } from '../operations/contributions';
import { requestDocumentCommands } from '../requestDocuments/contributions';
import { resultCommands } from '../results/contributions';
import { trafficCommands } from '../traffic/contributions';
import { treeCommands } from '../tree/contributions';
import { overviewCommands } from '../overview/contributions';
import { agentCommands } from '../agentTools/agentCommands';

const DECLARED: ReadonlyMap<string, CommandContribution> = new Map(
  [...environmentCommands, ...partCommands, ...requestDocumentCommands, ...treeCommands, ...codegenCommands, ...trafficCommands, ...resultCommands, ...importCommands, ...overviewCommands, ...agentCommands, ...operationCommands()].map((c) => [c.command, c]),
);

/** The declaration of `id`; throws for an id no part declares (it would not be in package.json). */
export function declaredCommand(id: string): CommandContribution {
  const declared = DECLARED.get(id);
  if (!declared) throw new Error(`${id} is not declared in any part's contributes.commands`);
  return declared;
}
