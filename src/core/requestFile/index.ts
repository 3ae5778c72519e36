// The request-file language: one parser for the extension, the language server and the CLI.
export * from './types';
export { parseRequestFile, RequestFileStreamParser, KNOWN_METHODS } from './parse';
export { parseExpectation, evaluateExpectation, type ExpectationOutcome, type ExpectationSpec } from './expectations';
export { substituteVariables, findVariableRefs, valueAtPath, type Substitution } from './variables';
export { resolveTarget } from './resolveTarget';
export { requestIndexAt } from './requestAt';
export { BUILTIN_VARIABLES } from './builtinVariables';
export { environmentLine, environmentNamedIn } from './environmentLine';
export { fillBodyFilePath, readsResponse, BODY_FILE_PATH_SOURCES, type FilledBodyFilePath } from './bodyFilePath';
export { SYSTEM_VARIABLES, OFFSET_UNITS, parseSystemVariable, isSystemVariable, type SystemVariableSpec, type ParsedSystemVariable } from './systemVariables';
