import { describe, expect, it } from "vitest";
import {
  CV_PATH_PATTERN,
  cvDisplayName,
  cvObjectName,
  safeFileName,
} from "./cv-name.ts";
import { JobApplicationPayloadSchema } from "./payloads.ts";
import { DEFAULT_TEAM_EMAIL } from "./limits.ts";
import { SALES_EMAIL } from "../../../app/content/site.ts";

describe("safeFileName", () => {
  it("keeps an ordinary name", () => {
    expect(safeFileName("Jane Doe CV (2026).pdf")).toBe(
      "Jane Doe CV (2026).pdf",
    );
  });

  it("drops directories of either kind", () => {
    expect(safeFileName("../../etc/passwd.pdf")).toBe("passwd.pdf");
    expect(safeFileName("C:\\Users\\jane\\cv.docx")).toBe("cv.docx");
  });

  it("removes control characters, leading dots and unusual characters", () => {
    expect(safeFileName("cv\u0000\u001f\n.pdf")).toBe("cv___.pdf");
    expect(safeFileName("...hidden.pdf")).toBe("hidden.pdf");
    expect(safeFileName("Zoë Müller #1.doc")).toBe("Zoe Muller _1.doc");
    expect(safeFileName(".pdf")).toBe("cv.pdf");
    expect(safeFileName("..")).toBe("cv.");
  });

  it("lowers the extension and limits the length without losing it", () => {
    const name = safeFileName(`${"a".repeat(500)}.PDF`);
    expect(name).toHaveLength(120);
    expect(name.endsWith("a.pdf")).toBe(true);
  });

  it("builds names the job-application function accepts", () => {
    const name = cvObjectName("My CV.docx", 1_764_000_000_000);
    expect(name).toBe("1764000000000-My CV.docx");
    expect(CV_PATH_PATTERN.test(name)).toBe(true);
    expect(CV_PATH_PATTERN.test("1764000000000-a/b.pdf")).toBe(false);
    expect(CV_PATH_PATTERN.test("1764000000000-cv.exe")).toBe(false);
  });

  it("notifies the same address the site shows as its sales contact", () => {
    expect(DEFAULT_TEAM_EMAIL).toBe(SALES_EMAIL);
  });
});

describe("format characters in file names", () => {
  // U+202E RIGHT-TO-LEFT OVERRIDE: "cv\u202Excod.pdf" shows as "cvfdp.docx".
  const DISGUISED = "cv\u202Excod.pdf";

  it("the team sees the name without bidirectional or zero-width characters", () => {
    expect(cvDisplayName(DISGUISED)).toBe("cvxcod.pdf");
    expect(cvDisplayName("a\u2066b\u2069c\u200Bd\uFEFF.docx")).toBe(
      "abcd.docx",
    );
    expect(cvDisplayName("résumé 2026.pdf")).toBe("résumé 2026.pdf");
  });

  it("the stored object name has none either", () => {
    expect(cvObjectName(DISGUISED, 1)).toBe("1-cv_xcod.pdf");
    expect(cvObjectName(DISGUISED, 1)).not.toMatch(/\p{Cf}/u);
  });

  it("the function strips them from a name sent straight to it", () => {
    const parsed = JobApplicationPayloadSchema.parse({
      name: "Ada Lovelace",
      email: "ada@example.com",
      comment: "",
      jobTitle: "Founding Engineer",
      jobId: "1",
      cvFileName: DISGUISED,
      cvPath: "1700000000000-cv.pdf",
    });
    expect(parsed.cvFileName).toBe("cvxcod.pdf");
    expect(
      JobApplicationPayloadSchema.safeParse({
        ...parsed,
        cvFileName: "\u202E\u200B",
      }).success,
    ).toBe(false);
  });
});
