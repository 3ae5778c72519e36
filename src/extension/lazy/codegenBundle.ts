// The code generator ("Gateway: Generate Code…"), built on its own into dist/codegen.js: no
// request to the Local sandbox needs it, so it stays out of the runtime that the first Send loads.
// Extension code reaches it only through `loadCodegen()` (./runtime.ts). No vscode import here.
export { CodeGenerationError, LANGUAGES, codeRequestFromFile, codeRequestFromOperation, generateFromText, languageById, renderProgram } from '../../core/codegen/programs';
