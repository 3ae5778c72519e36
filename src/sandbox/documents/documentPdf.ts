// The text of a sandbox document's PDF: who it is for, which period, and that it is sample data.

import type { MerchantDocument } from './documentCatalog';
import { buildTextPdf } from './pdfDocument';

export function documentPdf(doc: MerchantDocument): Buffer {
  return buildTextPdf(
    doc.name,
    [
      `Merchant number: ${doc.merchantNumber}`,
      `Document type: ${doc.documentType}`,
      `Period: ${doc.period}`,
      `Document id: ${doc.documentId}`,
      `Published: ${doc.dateUploaded}`,
      '',
      'Issued by the Gateway Workbench Local sandbox.',
      'Sample document for integration testing; it holds no real account data.',
    ],
    { producer: 'Gateway Workbench Local sandbox' },
  );
}
