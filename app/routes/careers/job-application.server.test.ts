import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { uploadCv } from "./job-application.server.ts";
import {
  startTestServer,
  type TestServer,
} from "#supabase/local/test-support.ts";
import { CV_BUCKET } from "#supabase/functions/_shared/limits.ts";

const PDF = "%PDF-1.4\n%\u00e2\u00e3\n";
const NOW = 1_790_000_000_000;

describe("uploadCv", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await server.close();
  });

  test("two CVs of the same name in the same millisecond are both kept", async () => {
    vi.spyOn(Date, "now").mockReturnValue(NOW);
    const supabase = server.service();
    const cv = () => new File([PDF], "Résumé.pdf", { type: "application/pdf" });
    const uploads = await Promise.all([
      uploadCv(supabase, cv(), "application/pdf"),
      uploadCv(supabase, cv(), "application/pdf"),
      uploadCv(supabase, cv(), "application/pdf"),
    ]);
    vi.restoreAllMocks();

    expect(uploads.map((upload) => upload.error)).toEqual([null, null, null]);
    const paths = uploads.map((upload) => upload.data?.path).sort();
    expect(paths).toEqual([
      `${NOW}-Resume.pdf`,
      `${NOW + 1}-Resume.pdf`,
      `${NOW + 2}-Resume.pdf`,
    ]);
    const { data: objects } = await supabase.storage
      .from(CV_BUCKET)
      .list("", { search: "-Resume.pdf" });
    expect(objects?.map((object) => object.name).sort()).toEqual(paths);
  });
});
