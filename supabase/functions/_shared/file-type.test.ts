import { describe, expect, it } from "vitest";
import { cvKind, detectCvKind } from "./file-type.ts";

const bytes = (...parts: (number[] | string)[]) =>
  new Uint8Array(
    parts.flatMap((part) =>
      typeof part === "string" ? [...new TextEncoder().encode(part)] : part,
    ),
  );

const PDF = bytes("%PDF-1.7\n%\u00e2\u00e3\n1 0 obj");
const DOC = bytes([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1], [0, 0, 0]);
const DOCX = bytes(
  [0x50, 0x4b, 0x03, 0x04],
  "....[Content_Types].xml....PK",
  [0x03, 0x04],
  "word/document.xml",
);
const XLSX = bytes(
  [0x50, 0x4b, 0x03, 0x04],
  "....[Content_Types].xml....PK",
  [0x03, 0x04],
  "xl/workbook.xml",
);
const PLAIN_ZIP = bytes([0x50, 0x4b, 0x03, 0x04], "word/not-really.txt");
const ELF = bytes([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01]);
const MZ = bytes("MZ", [0x90, 0x00, 0x03]);

describe("detectCvKind", () => {
  it("recognises PDF, Word 97-2003 and Word documents by their first bytes", () => {
    expect(detectCvKind(PDF)).toBe("pdf");
    expect(detectCvKind(DOC)).toBe("doc");
    expect(detectCvKind(DOCX)).toBe("docx");
  });

  it("refuses executables, other zip files, text and empty files", () => {
    expect(detectCvKind(ELF)).toBeNull();
    expect(detectCvKind(MZ)).toBeNull();
    expect(detectCvKind(XLSX)).toBeNull();
    expect(detectCvKind(PLAIN_ZIP)).toBeNull();
    expect(detectCvKind(bytes("Hello, I am a CV"))).toBeNull();
    expect(detectCvKind(bytes("%PDF"))).toBeNull();
    expect(detectCvKind(new Uint8Array())).toBeNull();
  });
});

describe("cvKind", () => {
  it("accepts a file whose extension matches its contents, in any case", () => {
    expect(cvKind("cv.pdf", PDF)).toBe("pdf");
    expect(cvKind("CV.PDF", PDF)).toBe("pdf");
    expect(cvKind("old.doc", DOC)).toBe("doc");
    expect(cvKind("new.docx", DOCX)).toBe("docx");
  });

  it("refuses a renamed executable and mismatched or missing extensions", () => {
    expect(cvKind("cv.pdf", ELF)).toBeNull();
    expect(cvKind("cv.pdf", MZ)).toBeNull();
    expect(cvKind("cv.docx", PDF)).toBeNull();
    expect(cvKind("cv.exe", PDF)).toBeNull();
    expect(cvKind("cv", PDF)).toBeNull();
  });
});
