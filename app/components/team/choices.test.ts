import { describe, expect, test } from "vitest";
import { choices } from "./choices.ts";

describe("choices", () => {
  test("labels each value, falling back to the value itself", () => {
    expect(choices(["new", "odd"], { new: "New" })).toEqual([
      { value: "new", label: "New" },
      { value: "odd", label: "odd" },
    ]);
  });

  test("puts the empty any choice first when it is named", () => {
    expect(choices(["new"], { new: "New" }, "All")).toEqual([
      { value: "", label: "All" },
      { value: "new", label: "New" },
    ]);
  });
});
