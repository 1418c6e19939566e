// What a CV really is, by its first bytes: a file's name and the browser's
// MIME type are only claims, and a renamed executable must not pass.

export type CvKind = "pdf" | "doc" | "docx";

export const CV_MIME_TYPES: Record<CvKind, string> = {
  pdf: "application/pdf",
  doc: "application/msword",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
};

const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-
const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]; // Compound File (Word 97-2003)
const ZIP = [0x50, 0x4b, 0x03, 0x04]; // PK\x03\x04

function startsWith(bytes: Uint8Array, signature: number[]) {
  return signature.every((byte, index) => bytes[index] === byte);
}

function contains(bytes: Uint8Array, text: string) {
  const needle = new TextEncoder().encode(text);
  const first = needle[0] ?? 0;
  for (
    let i = bytes.indexOf(first);
    i !== -1;
    i = bytes.indexOf(first, i + 1)
  ) {
    if (i + needle.length > bytes.length) return false;
    if (needle.every((byte, j) => bytes[i + j] === byte)) return true;
  }
  return false;
}

/** The document kind the bytes hold, or null when they are none of PDF, DOC or DOCX. */
export function detectCvKind(bytes: Uint8Array): CvKind | null {
  if (startsWith(bytes, PDF)) return "pdf";
  if (startsWith(bytes, OLE2)) return "doc";
  // Any zip starts with PK\x03\x04; a Word document names its parts
  // [Content_Types].xml and word/... in the (uncompressed) entry headers.
  if (
    startsWith(bytes, ZIP) &&
    contains(bytes, "[Content_Types].xml") &&
    contains(bytes, "word/")
  ) {
    return "docx";
  }
  return null;
}

/** The kind of a CV whose extension and contents agree, or null. */
export function cvKind(fileName: string, bytes: Uint8Array): CvKind | null {
  const extension = /\.([a-z]+)$/i.exec(fileName)?.[1]?.toLowerCase();
  const kind = detectCvKind(bytes);
  return kind !== null && kind === extension ? kind : null;
}
