// Which operations each tree item offers (context menu, and inline where listed). Plain data,
// no vscode: the manifest generator turns it into `view/item/context` menus, and the node
// tests check every id against the catalog. `contextValue` is a regular expression source
// matched against the item's contextValue (VS Code's `viewItem =~ /…/`).
import { settingsGroups } from './settingsGroups';

interface ItemAction {
  contextValue: string;
  /** Operation ids (`gateway.op.<id>` commands) shown in the item's context menu. */
  operations: readonly string[];
  /** Those of `operations` also shown as inline buttons on the item. */
  inline?: readonly string[];
}

const fixedActions: readonly ItemAction[] = [
  // Group nodes offer their create operations.
  { contextValue: '^gw\\.group\\.card-transactions$', operations: ['transactions.sale', 'transactions.auth', 'transactions.forcedSale'], inline: ['transactions.sale'] },
  { contextValue: '^gw\\.group\\.card-tokens$', operations: ['tokens.create', 'tokens.get'], inline: ['tokens.create'] },
  {
    contextValue: '^gw\\.group\\.customers$',
    operations: ['customers.create', 'customers.get', 'paymentPlans.create', 'paymentPlans.list', 'paymentPlans.get'],
    inline: ['customers.create'],
  },
  { contextValue: '^gw\\.group\\.ach-providers$', operations: ['achProviders.getBySecCode', 'achProviders.legacyLookup'] },
  {
    contextValue: '^gw\\.group\\.ach-transactions$',
    operations: ['achTransactions.create', 'achTransactions.debit', 'achTransactions.credit', 'achTransactions.validate', 'achTransactions.get'],
    inline: ['achTransactions.create'],
  },
  { contextValue: '^gw\\.group\\.ach-tokens$', operations: ['achTokens.create', 'achTokens.get'], inline: ['achTokens.create'] },
  { contextValue: '^gw\\.group\\.batches$', operations: ['batches.getOpen'] },
  { contextValue: '^gw\\.group\\.documents$', operations: ['documents.types', 'documents.byType'] },
  { contextValue: '^gw\\.group\\.onboarding$', operations: ['merchants.create', 'merchants.get'], inline: ['merchants.create'] },
  {
    contextValue: '^gw\\.group\\.mobile$',
    operations: [
      'mobile.manualToken', 'mobile.sale', 'mobile.refund', 'mobile.receipt', 'mobile.signature', 'mobile.readerConfiguration',
      'mobile.achToken', 'mobile.achDebit', 'mobile.achCredit',
    ],
    inline: ['mobile.manualToken'],
  },

  // Card transactions: money moves back only from approved, unvoided ones.
  {
    contextValue: '^gw\\.item\\.cardTransaction\\.(sale|forced-sale|capture)$',
    operations: ['transactions.refund', 'transactions.void', 'transactions.adjustTip', 'mobile.receipt', 'mobile.signature'],
    inline: ['transactions.refund'],
  },
  { contextValue: '^gw\\.item\\.cardTransaction\\.auth$', operations: ['transactions.capture', 'transactions.void'], inline: ['transactions.capture'] },
  { contextValue: '^gw\\.item\\.cardTransaction\\.refund$', operations: ['transactions.void'] },

  { contextValue: '^gw\\.item\\.cardToken$', operations: ['transactions.sale', 'tokens.get', 'tokens.update', 'tokens.delete'], inline: ['transactions.sale'] },

  // A customer, its two lists and what they hold: a new plan starts from a card on file (it
  // needs the token and the customer's key); a plan offers its own reads and writes.
  {
    contextValue: '^gw\\.item\\.customer$',
    operations: ['customers.get', 'customers.tokens', 'paymentPlans.list', 'customers.update', 'tokens.create', 'customers.delete'],
  },
  { contextValue: '^gw\\.customer\\.tokens$', operations: ['tokens.create', 'customers.tokens'], inline: ['tokens.create'] },
  { contextValue: '^gw\\.customer\\.plans$', operations: ['paymentPlans.list'] },
  {
    contextValue: '^gw\\.item\\.customerToken$',
    operations: ['paymentPlans.create', 'transactions.sale', 'tokens.get', 'tokens.update', 'tokens.delete'],
    inline: ['paymentPlans.create'],
  },
  { contextValue: '^gw\\.item\\.paymentPlan\\.', operations: ['paymentPlans.get', 'paymentPlans.update', 'paymentPlans.delete'] },

  { contextValue: '^gw\\.item\\.achTransaction\\.pending$', operations: ['achTransactions.void'], inline: ['achTransactions.void'] },
  { contextValue: '^gw\\.item\\.achTransaction\\.settled$', operations: ['achTransactions.reversal'] },
  { contextValue: '^gw\\.item\\.achTransaction\\.', operations: ['achTransactions.get'] },

  { contextValue: '^gw\\.item\\.achToken$', operations: ['achTokens.get', 'achTokens.update', 'achTokens.delete'] },
  { contextValue: '^gw\\.item\\.achProvider\\.secCode$', operations: ['achProviders.getBySecCode'], inline: ['achProviders.getBySecCode'] },

  { contextValue: '^gw\\.item\\.batch\\.open$', operations: ['batches.closeOpen', 'batches.getOpen'], inline: ['batches.closeOpen'] },

  { contextValue: '^gw\\.item\\.documentType$', operations: ['documents.byType'] },
  { contextValue: '^gw\\.item\\.statementYear$', operations: ['documents.statementsByYear'] },
  { contextValue: '^gw\\.item\\.statementMonth$', operations: ['documents.statementsByMonth'] },
  { contextValue: '^gw\\.item\\.document$', operations: ['documents.get'] },

  { contextValue: '^gw\\.item\\.merchant$', operations: ['merchants.get'] },
];

// Each settings group reads with its GET (also the item's click) and writes with the rest.
const settingsActions: readonly ItemAction[] = settingsGroups.map((group) => ({
  contextValue: `^gw\\.item\\.settings\\.${group.key}$`,
  operations: [group.read.id, ...group.writes.map((op) => op.id)],
}));

export const ITEM_ACTIONS: readonly ItemAction[] = [...fixedActions, ...settingsActions];

/** The operation ids an item with this contextValue offers, in menu order. */
export function operationsFor(contextValue: string): string[] {
  return ITEM_ACTIONS.filter((a) => new RegExp(a.contextValue).test(contextValue)).flatMap((a) => a.operations);
}
