// The importers ("Gateway: Import…") and the HAR exporter, built on their own into dist/importer.js: Bruno's parser and
// the format readers are needed only when the user imports, never at activation or by a request.
// Extension code reaches them only through `loadImporter()` (./runtime.ts). No vscode import here.
export { importFiles, importPastedCurl } from '../../core/import/importFiles';
export { importReportText } from '../../core/import/importReportText';
export { harText } from '../../core/traffic/harExport';
