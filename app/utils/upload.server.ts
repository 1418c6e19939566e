import {
  isMultipartRequest,
  MultipartParseError,
  parseMultipartRequest,
} from "@remix-run/multipart-parser";
import {
  discardBody,
  isLimitError,
  readSmallForm,
  SMALL_FORM_MAX_BYTES,
  type FormRefusal,
} from "#app/utils/public-form.server.ts";

export type UploadProblem = "too-large" | "too-many-files" | "unreadable";

export type ParsedUpload = {
  /** The text fields read so far, and the files when the whole body was within limits. */
  formData: FormData;
  problem: UploadProblem | null;
  refusal: FormRefusal | null;
};

/**
 * Reads a multipart form as a stream: at most `maxFiles` files of
 * `maxFileSize` bytes each, plus SMALL_FORM_MAX_BYTES of text. Nothing bigger
 * is ever held in memory: the parser stops at the limit, the rest of the body
 * is discarded, and the text fields already read (the form sends them before
 * the file) come back so the visitor keeps what they typed.
 */
export async function parseUploadForm(
  request: Request,
  { maxFileSize, maxFiles }: { maxFileSize: number; maxFiles: number },
): Promise<ParsedUpload> {
  if (!isMultipartRequest(request)) {
    const { formData, refusal } = await readSmallForm(request);
    return { formData: formData ?? new FormData(), problem: null, refusal };
  }
  const formData = new FormData();
  let files = 0;
  try {
    for await (const part of parseMultipartRequest(request, {
      maxFileSize,
      maxTotalSize: maxFiles * maxFileSize + SMALL_FORM_MAX_BYTES,
      maxParts: 50,
    })) {
      const name = part.name;
      if (!name) continue;
      if (!part.isFile) {
        formData.append(name, part.text);
        continue;
      }
      files += 1;
      if (files > maxFiles) {
        await discardBody(request);
        return { formData, problem: "too-many-files", refusal: null };
      }
      formData.append(
        name,
        new File([part.bytes as Uint8Array<ArrayBuffer>], part.filename ?? "", {
          type: part.mediaType ?? "application/octet-stream",
        }),
      );
    }
    return { formData, problem: null, refusal: null };
  } catch (error) {
    if (isLimitError(error)) {
      await discardBody(request);
      return { formData, problem: "too-large", refusal: null };
    }
    if (error instanceof MultipartParseError) {
      return { formData, problem: "unreadable", refusal: null };
    }
    throw error;
  }
}
