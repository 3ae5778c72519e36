// The import and HAR export commands' ids, shared by their manifest data and their code.
export const IMPORT_COMMANDS = {
  importFiles: 'gateway.import',
  exportTrafficHar: 'gateway.traffic.exportHar',
  exportHistoryHar: 'gateway.history.exportHar',
} as const;
