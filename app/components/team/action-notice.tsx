import { Alert } from "@mantine/core";

/** What a page's form post did: a polite status when it worked, an alert when not. */
export function ActionNotice({
  result,
}: {
  result: { ok: boolean; message: string } | undefined;
}) {
  if (!result) return null;
  return (
    <Alert
      color={result.ok ? "green" : "red"}
      role={result.ok ? "status" : "alert"}
    >
      {result.message}
    </Alert>
  );
}
