// The catalog's public face: every operation once, as data, plus lookups.
export * from './types';
export { operations } from './operationList';
export { groups } from './groups';
export { SAFETY_WORDING } from './safety';
export { matchOperation, pathsMatching } from './match';
export { ACCEPT, CONTENT_TYPE } from './mediaTypes';
export { operationById, requireOperation } from './operationLookup';
export { operationAliases, matchAlias, aliasTarget, normalTransactionType, TRANSACTION_TYPES, LEGACY_KEY_FIELD, LEGACY_KEY_HEADER, type OperationAlias } from './aliases';
