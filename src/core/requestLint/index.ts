// The request checks, in core so that every front end judges a request alike: the language
// server (request files), the Traffic view and the recording proxy (what applications send).
// The analysis parts (body field trees, operation lookup) are imported from their own files.
export { RequestDocument, type PreparedParse } from './requestDocument';
export { lintRequest, lintRequestFile, parseFindings } from './lint';
export { lintExchangeRequest } from './exchangeLint';
export type { LintFinding, FindingSeverity, LintCode } from './finding';
export type { Sender } from './sender';
export { KEY_CODES } from './secretChecks';
export { maskSecrets } from './keyPatterns';
