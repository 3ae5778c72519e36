// The request checks, in core so that every front end judges a request alike: the language
// server (request files), the Traffic view and the recording proxy (what applications send).
export { RequestDocument } from './requestDocument';
export { lintRequest, lintRequestFile, parseFindings } from './lint';
export { lintExchangeRequest } from './exchangeLint';
export { finding, onLine, type LintFinding, type FindingSeverity } from './finding';
export type { Sender } from './sender';
export { LEGACY_FORM } from './requestChecks';
export { KEY_ADVICE, KEY_CODES, secretFindings } from './secretChecks';
export { maskSecrets, shown, KEY_NAME } from './keyPatterns';
export { requestOperation, nearestPath, type RequestOperation } from './requestOperation';
export { splitTarget, type SplitTarget, type QueryParamAt } from './requestTarget';
export type { AnalyzedBody } from './body/analyzeBody';
export type { FieldNode, FieldLeaf } from './body/fieldTree';
export { fieldChainAt, lookupField, scopeAtPath, type FieldScope } from './body/fieldScopes';
