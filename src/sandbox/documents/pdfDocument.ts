// A small, valid one-page PDF 1.4 built by hand: text lines in Helvetica, with a correct
// cross-reference table (byte offsets) so any viewer, pdftotext or qpdf accepts it.

/** Only printable ASCII reaches the content stream; PDF string delimiters are escaped. */
function pdfString(text: string): string {
  const printable = text.replace(/[^\x20-\x7e]/g, '?');
  return `(${printable.replace(/[\\()]/g, (c) => `\\${c}`)})`;
}

function contentStream(title: string, lines: readonly string[]): string {
  const body = lines.map((line) => `${pdfString(line)} Tj T*`).join('\n');
  return ['BT', '/F1 16 Tf', '72 720 Td', '22 TL', `${pdfString(title)} Tj T*`, '/F1 11 Tf', '16 TL', body, 'ET'].join('\n');
}

/** A one-page PDF with a title and text lines; `info` goes into the document information dictionary. */
export function buildTextPdf(title: string, lines: readonly string[], info: { producer: string }): Buffer {
  const content = contentStream(title, lines);
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    `<< /Title ${pdfString(title)} /Producer ${pdfString(info.producer)} >>`,
  ];
  // The second line's high bytes tell transfer tools the file is binary (PDF spec 7.5.2).
  let text = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(text, 'latin1'));
    text += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xrefOffset = Buffer.byteLength(text, 'latin1');
  // Each cross-reference entry is exactly 20 bytes: 10-digit offset, 5-digit generation, type, space + LF.
  const entries = ['0000000000 65535 f \n', ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`)];
  text += `xref\n0 ${objects.length + 1}\n${entries.join('')}`;
  text += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info ${objects.length} 0 R >>\n`;
  text += `startxref\n${xrefOffset}\n%%EOF`;
  return Buffer.from(text, 'latin1');
}
