import {
  isMultipartRequest,
  MaxFileSizeExceededError,
  MaxHeaderSizeExceededError,
  MaxPartsExceededError,
  MaxTotalSizeExceededError,
  MultipartParseError,
  parseMultipartRequest,
} from "@remix-run/multipart-parser";

// The one reader of form bodies, url-encoded and multipart alike. Nothing
// past a limit is held in memory: reading stops there, the rest of the body
// is discarded, and the fields read before it come back so a refused form is
// shown again with what the visitor typed.

export type FormBodyLimits = {
  /** Fields and files together. */
  maxFields: number;
  /** The largest single field or file. */
  maxFieldBytes: number;
  maxTotalBytes: number;
  maxFiles: number;
};

export type FormBodyProblem = "too-large" | "too-many-files" | "unreadable";

export type FormBody = {
  /** The fields read so far: all of them when problem is null. */
  formData: FormData;
  problem: FormBodyProblem | null;
  multipart: boolean;
};

// A refused upload is read to its end so the browser receives the answer
// instead of a reset connection; past this much, the connection is cut.
const MAX_DISCARD_BYTES = 64 * 1024 * 1024;

/** Reads and throws away what is left of a request body, up to a cap. */
export async function discardBody(request: Request) {
  if (!request.body) return;
  let reader: ReadableStreamDefaultReader<Uint8Array>;
  try {
    reader = request.body.getReader();
  } catch {
    return;
  }
  let discarded = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      discarded += value.byteLength;
      if (discarded > MAX_DISCARD_BYTES) {
        await reader.cancel();
        return;
      }
    }
  } catch {
    // The client went away: nothing left to answer.
  } finally {
    reader.releaseLock();
  }
}

export async function readFormBody(
  request: Request,
  limits: FormBodyLimits,
): Promise<FormBody> {
  const multipart = isMultipartRequest(request);
  const formData = new FormData();
  const result = (problem: FormBodyProblem | null) => ({
    formData,
    problem,
    multipart,
  });
  if (!multipart) {
    // Refused unread when declared too long: a multipart body is read up to
    // its limit instead, since its text fields come before the file.
    const declared = Number(request.headers.get("Content-Length") ?? "0");
    if (declared > limits.maxTotalBytes) {
      await discardBody(request);
      return result("too-large");
    }
    const type = request.headers.get("Content-Type") ?? "";
    if (request.body && !type.startsWith("application/x-www-form-urlencoded"))
      return result("unreadable");
    return result(await readUrlEncoded(request, formData, limits));
  }
  let files = 0;
  try {
    for await (const part of parseMultipartRequest(request, {
      maxFileSize: limits.maxFieldBytes,
      maxTotalSize: limits.maxTotalBytes,
      maxParts: limits.maxFields,
    })) {
      const name = part.name;
      if (!name) continue;
      if (!part.isFile) {
        formData.append(name, part.text);
        continue;
      }
      files += 1;
      if (files > limits.maxFiles) {
        await discardBody(request);
        return result("too-many-files");
      }
      formData.append(
        name,
        new File([part.bytes as Uint8Array<ArrayBuffer>], part.filename ?? "", {
          type: part.mediaType ?? "application/octet-stream",
        }),
      );
    }
    return result(null);
  } catch (error) {
    if (
      error instanceof MaxFileSizeExceededError ||
      error instanceof MaxTotalSizeExceededError ||
      error instanceof MaxPartsExceededError ||
      error instanceof MaxHeaderSizeExceededError
    ) {
      await discardBody(request);
      return result("too-large");
    }
    if (error instanceof MultipartParseError) return result("unreadable");
    throw error;
  }
}

/**
 * Appends each complete `name=value` pair as it arrives, so a body cut at a
 * limit still gives back the fields before it.
 */
async function readUrlEncoded(
  request: Request,
  formData: FormData,
  limits: FormBodyLimits,
): Promise<FormBodyProblem | null> {
  if (!request.body) return null;
  const decoder = new TextDecoder();
  let pending = "";
  let size = 0;
  let fields = 0;
  const take = (pairs: string) => {
    for (const [name, value] of new URLSearchParams(pairs)) {
      fields += 1;
      if (
        fields > limits.maxFields ||
        Buffer.byteLength(value) > limits.maxFieldBytes
      )
        return false;
      formData.append(name, value);
    }
    return true;
  };
  const reader = request.body.getReader();
  let problem: FormBodyProblem | null = null;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      pending += decoder.decode(value, { stream: true });
      const end = pending.lastIndexOf("&");
      if (end >= 0) {
        if (!take(pending.slice(0, end))) {
          problem = "too-large";
          break;
        }
        pending = pending.slice(end + 1);
      }
      if (size > limits.maxTotalBytes) {
        problem = "too-large";
        break;
      }
    }
    if (!problem && !take(pending + decoder.decode())) problem = "too-large";
  } finally {
    reader.releaseLock();
  }
  if (problem) await discardBody(request);
  return problem;
}
