// The Local sandbox's documents (eDocs) module. It stores nothing: a merchant's documents
// follow from when it started and the sandbox clock, and their ids are deterministic.

import type { DomainModule } from '../domain/domain';
import { documentHandlers, type DocumentsSlice } from './documentHandlers';

export const documentsModule: DomainModule<DocumentsSlice> = {
  name: 'documents',
  initial: () => ({}),
  handlers: documentHandlers,
};

export type { DocumentsSlice } from './documentHandlers';
export { SANDBOX_MERCHANT_SINCE } from './documentHandlers';
export { DOCUMENT_TYPES } from './documentTypes';
