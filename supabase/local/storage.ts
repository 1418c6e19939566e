import { createHash, randomUUID } from "node:crypto";
import { jwtVerify, SignJWT } from "jose";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { notSupported, type Caller, type ServerContext } from "./context.ts";
import { storageDir } from "./database.ts";
import { json, readJson } from "./http.ts";
import { trimEndOf } from "#supabase/functions/_shared/text.ts";

type Bucket = {
  id: string;
  public: boolean;
  file_size_limit: string | number | null;
  allowed_mime_types: string[] | null;
};

export type ObjectMetadata = {
  eTag: string;
  size: number;
  mimetype: string;
  cacheControl: string;
  lastModified: string;
  contentLength: number;
  httpStatusCode: number;
};

/** Storage answers 4xx with HTTP 400 and the real status inside the body, as hosted Storage does. */
function storageError(
  statusCode: number,
  error: string,
  message: string,
  httpStatus = 400,
) {
  return json(httpStatus, { statusCode: String(statusCode), error, message });
}

const objectNotFound = () => storageError(404, "not_found", "Object not found");

/** Storage's StorageBackendError: its code is also the error, status inside the body. */
function backendError(code: string, message: string) {
  return json(400, { statusCode: "400", code, error: code, message });
}

// Storage's signed-URL tokens carry the action they allow, so a download
// token can never be replayed against the upload endpoint.
const SIGNED_URL_SCOPE_DOWNLOAD = "download";

type SignedToken = {
  url?: unknown;
  scope?: unknown;
  upsert?: unknown;
  exp?: unknown;
};

/** Storage's isDownloadScopedToken: tokens from before scopes existed have none and no upsert. */
function isDownloadScoped(payload: SignedToken) {
  return (
    payload.scope === SIGNED_URL_SCOPE_DOWNLOAD ||
    (payload.scope === undefined && !("upsert" in payload))
  );
}
const bucketNotFound = () =>
  storageError(404, "Bucket not found", "Bucket not found");

// Supabase Storage's key rule: a conservative ASCII set, no empty, "." or ".." segments.
const VALID_KEY = /^(\w|\/|!|-|\.|\*|'|\(|\)| |&|\$|@|=|;|:|\+|,|\?)*$/;

/** A JSON body (undefined when empty), or Storage's 400 when it is not JSON. */
async function readJsonBody(
  request: Request,
): Promise<{ body: unknown } | { error: Response }> {
  try {
    return { body: await readJson(request) };
  } catch {
    return { error: storageError(400, "InvalidRequest", "body must be JSON") };
  }
}

type ByteRange = { from: number; to: number };

/**
 * Storage's parseRangeHeader: one "bytes=from-to", "bytes=from-" or
 * "bytes=-suffix" range, the end clamped to the object; anything else, or a
 * start past the end, is unsatisfiable. Browsers ask for video this way.
 */
export function parseRange(header: string, size: number): ByteRange | null {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header);
  if (!match || size <= 0) return null;
  const [, start = "", end = ""] = match;
  if (!start && !end) return null;
  if (!start) {
    const suffix = Number(end);
    if (!Number.isSafeInteger(suffix) || suffix <= 0) return null;
    return { from: Math.max(size - suffix, 0), to: size - 1 };
  }
  const from = Number(start);
  const to = end ? Number(end) : size - 1;
  if (
    !Number.isSafeInteger(from) ||
    !Number.isSafeInteger(to) ||
    to < from ||
    from >= size
  )
    return null;
  return { from, to: Math.min(to, size - 1) };
}

/**
 * The object's bytes, or the part a Range header asks for: 206 with
 * Content-Range, or Storage's 416 invalid_range when it cannot be met.
 */
function objectResponse(
  request: Request,
  bytes: Buffer,
  headers: Headers,
): Response {
  const body = (part: Buffer) =>
    request.method === "HEAD" ? null : new Uint8Array(part);
  headers.set("accept-ranges", "bytes");
  const header = request.headers.get("range");
  if (header === null) {
    headers.set("content-length", String(bytes.length));
    return new Response(body(bytes), { status: 200, headers });
  }
  const range = parseRange(header, bytes.length);
  if (!range) {
    return json(416, {
      statusCode: "416",
      code: "InvalidRange",
      error: "invalid_range",
      message: "invalid range provided",
    });
  }
  headers.set("content-length", String(range.to - range.from + 1));
  headers.set(
    "content-range",
    `bytes ${range.from}-${range.to}/${bytes.length}`,
  );
  return new Response(body(bytes.subarray(range.from, range.to + 1)), {
    status: 206,
    headers,
  });
}

function validKey(name: string) {
  if (!name || name.length > 1024 || !VALID_KEY.test(name)) return false;
  return name
    .split("/")
    .every((segment) => segment !== "" && segment !== "." && segment !== "..");
}

function isRlsDenial(error: unknown) {
  const code = (error as { code?: string }).code;
  return code === "42501";
}

function isDuplicate(error: unknown) {
  return (error as { code?: string }).code === "23505";
}

/** Bytes live under a digest of the key, so no object name can reach outside the data dir. */
export function objectBytesPath(
  dataDir: string,
  bucketId: string,
  name: string,
) {
  const bucketDigest = createHash("sha256")
    .update(bucketId)
    .digest("hex")
    .slice(0, 16);
  const nameDigest = createHash("sha256").update(name).digest("hex");
  return path.join(storageDir(dataDir), bucketDigest, nameDigest);
}

export function createStorageService(ctx: ServerContext) {
  const signingKey = new TextEncoder().encode(ctx.jwtSecret);
  const bytesPath = (bucketId: string, name: string) =>
    objectBytesPath(ctx.dataDir, bucketId, name);

  async function loadBucket(id: string) {
    return ctx.db.admin(async (tx) => {
      const rows = await tx.query<Bucket>(
        `select id, public, file_size_limit, allowed_mime_types from storage.buckets where id = $1`,
        [id],
      );
      return rows.rows[0] ?? null;
    });
  }

  async function readUpload(request: Request) {
    const contentType = request.headers.get("content-type") ?? "";
    if (contentType.startsWith("multipart/form-data")) {
      const form = await request.formData();
      let file: File | null = null;
      for (const [, value] of form) {
        if (typeof value !== "string") {
          file = value;
          break;
        }
      }
      if (!file) return null;
      const cacheControl = form.get("cacheControl");
      return {
        bytes: Buffer.from(await file.arrayBuffer()),
        mimetype: file.type || "application/octet-stream",
        cacheControl: `max-age=${typeof cacheControl === "string" && cacheControl ? cacheControl : "3600"}`,
      };
    }
    return {
      bytes: Buffer.from(await request.arrayBuffer()),
      mimetype: contentType || "application/octet-stream",
      cacheControl: request.headers.get("cache-control") ?? "no-cache",
    };
  }

  function mimeAllowed(allowed: string[] | null, mimetype: string) {
    if (!allowed || allowed.length === 0) return true;
    const base = mimetype.split(";")[0]?.trim().toLowerCase() ?? "";
    return allowed.some((pattern) => {
      const lower = pattern.toLowerCase();
      return lower.endsWith("/*")
        ? base.startsWith(lower.slice(0, -1))
        : base === lower;
    });
  }

  async function upload(
    request: Request,
    bucketId: string,
    name: string,
    caller: Caller,
    upsert: boolean,
  ) {
    if (!validKey(name))
      return storageError(400, "InvalidKey", `Invalid key: ${name}`);
    const bucket = await loadBucket(bucketId);
    if (!bucket) return bucketNotFound();
    const file = await readUpload(request);
    if (!file)
      return storageError(
        400,
        "InvalidRequest",
        "No file was found in the request",
      );
    const limit =
      bucket.file_size_limit === null ? null : Number(bucket.file_size_limit);
    if (limit !== null && file.bytes.length > limit) {
      return storageError(
        413,
        "Payload too large",
        "The object exceeded the maximum allowed size",
      );
    }
    if (!mimeAllowed(bucket.allowed_mime_types, file.mimetype)) {
      return storageError(
        415,
        "invalid_mime_type",
        `mime type ${file.mimetype} is not supported`,
      );
    }
    const metadata: ObjectMetadata = {
      eTag: `"${createHash("md5").update(file.bytes).digest("hex")}"`,
      size: file.bytes.length,
      mimetype: file.mimetype,
      cacheControl: file.cacheControl,
      lastModified: new Date().toUTCString(),
      contentLength: file.bytes.length,
      httpStatusCode: 200,
    };
    const owner = caller.userId;
    const target = bytesPath(bucketId, name);
    try {
      const id = await ctx.db.asRole(
        caller,
        { readOnly: false },
        async (tx) => {
          const newId = randomUUID();
          const values = [
            newId,
            bucketId,
            name,
            owner,
            owner,
            JSON.stringify(metadata),
            randomUUID(),
          ];
          let id: string = newId;
          if (upsert) {
            // Like Supabase, an upsert needs SELECT and UPDATE rights on an existing row.
            const result = await tx.query<{ id: string }>(
              `insert into storage.objects (id, bucket_id, name, owner, owner_id, metadata, version)
             values ($1, $2, $3, $4, $5, $6::jsonb, $7)
             on conflict (bucket_id, name) do update set
               owner = excluded.owner, owner_id = excluded.owner_id, metadata = excluded.metadata,
               version = excluded.version, updated_at = now(), last_accessed_at = now()
             returning id`,
              values,
            );
            id = result.rows[0]?.id ?? newId;
          } else {
            // No RETURNING: an upload needs only the INSERT policy, as on Supabase.
            await tx.query(
              `insert into storage.objects (id, bucket_id, name, owner, owner_id, metadata, version)
             values ($1, $2, $3, $4, $5, $6::jsonb, $7)`,
              values,
            );
          }
          await mkdir(path.dirname(target), { recursive: true });
          await writeFile(target, file.bytes);
          return id;
        },
      );
      return json(200, { Id: id, Key: `${bucketId}/${name}` });
    } catch (error) {
      if (isDuplicate(error))
        return storageError(409, "Duplicate", "The resource already exists");
      if (isRlsDenial(error)) {
        return storageError(
          403,
          "Unauthorized",
          "new row violates row-level security policy",
        );
      }
      throw error;
    }
  }

  async function serve(
    bucketId: string,
    name: string,
    caller: Caller | null,
    request: Request,
  ) {
    if (!validKey(name)) return objectNotFound();
    let metadata: ObjectMetadata | null;
    if (caller === null) {
      const bucket = await loadBucket(bucketId);
      if (!bucket) return bucketNotFound();
      if (!bucket.public) return objectNotFound();
      metadata = await ctx.db.admin(async (tx) => {
        const rows = await tx.query<{ metadata: ObjectMetadata }>(
          `select metadata from storage.objects where bucket_id = $1 and name = $2`,
          [bucketId, name],
        );
        return rows.rows[0]?.metadata ?? null;
      });
    } else {
      metadata = await ctx.db.asRole(caller, { readOnly: true }, async (tx) => {
        const rows = await tx.query<{ metadata: ObjectMetadata }>(
          `select metadata from storage.objects where bucket_id = $1 and name = $2`,
          [bucketId, name],
        );
        return rows.rows[0]?.metadata ?? null;
      });
    }
    if (!metadata) return objectNotFound();
    let bytes: Buffer;
    try {
      bytes = await readFile(bytesPath(bucketId, name));
    } catch {
      return objectNotFound();
    }
    const headers = new Headers({
      "content-type": metadata.mimetype,
      "cache-control": metadata.cacheControl,
      etag: metadata.eTag,
      "last-modified": metadata.lastModified,
    });
    if (request.headers.get("if-none-match") === metadata.eTag) {
      return new Response(null, { status: 304, headers });
    }
    return objectResponse(request, bytes, headers);
  }

  /**
   * POST /object/sign/<bucket>/<name> {expiresIn}: Storage's signObjectUrl.
   * The caller must be able to see the object (SELECT on storage.objects
   * under their role); the answer is a path relative to /storage/v1 whose
   * token is an HS256 JWT over {url: "<bucket>/<name>", scope, iat, exp}.
   */
  async function sign(
    request: Request,
    bucketId: string,
    name: string,
    caller: Caller,
  ) {
    let body: unknown;
    try {
      body = await readJson(request);
    } catch {
      return backendError("InvalidRequest", "body must be JSON");
    }
    const expiresIn = (body as { expiresIn?: unknown } | undefined)?.expiresIn;
    if (typeof expiresIn !== "number" || !Number.isInteger(expiresIn)) {
      return backendError(
        "InvalidRequest",
        "body must have required property 'expiresIn'",
      );
    }
    if (expiresIn < 1 || !Number.isSafeInteger(expiresIn * 1000)) {
      return backendError("InvalidParameter", "Invalid Parameter expiresIn");
    }
    if (!validKey(name)) return objectNotFound();
    const found = await ctx.db.asRole(
      caller,
      { readOnly: true },
      async (tx) =>
        (
          await tx.query(
            `select 1 from storage.objects where bucket_id = $1 and name = $2`,
            [bucketId, name],
          )
        ).rows.length > 0,
    );
    if (!found) return objectNotFound();
    const url = `${bucketId}/${name}`;
    const token = await new SignJWT({
      url,
      scope: SIGNED_URL_SCOPE_DOWNLOAD,
    })
      .setProtectedHeader({ alg: "HS256" })
      .setIssuedAt()
      .setExpirationTime(`${expiresIn}s`)
      .sign(signingKey);
    return json(200, { signedURL: `/object/sign/${url}?token=${token}` });
  }

  /**
   * GET /object/sign/<bucket>/<name>?token=…[&download=…]: Storage's
   * getSignedObject. The token alone grants access: its signature, scope,
   * object and expiry are checked, then the object is read as the service.
   * It is served with Expires at the token's expiry, and as an attachment
   * when `download` is present (named after its value when not empty).
   */
  async function serveSigned(bucketId: string, name: string, request: Request) {
    const query = new URL(request.url).searchParams;
    const token = query.get("token");
    if (!token) {
      return backendError(
        "InvalidRequest",
        "querystring must have required property 'token'",
      );
    }
    let payload: SignedToken;
    try {
      ({ payload } = await jwtVerify(token, signingKey, {
        algorithms: ["HS256"],
      }));
    } catch (error) {
      return backendError(
        "InvalidJWT",
        error instanceof Error && error.message ? error.message : "Invalid JWT",
      );
    }
    if (!isDownloadScoped(payload)) {
      return backendError(
        "InvalidSignature",
        `Token is not scoped for ${SIGNED_URL_SCOPE_DOWNLOAD}`,
      );
    }
    if (
      payload.url !== `${bucketId}/${name}` ||
      typeof payload.exp !== "number"
    ) {
      return backendError("InvalidSignature", "Invalid signature");
    }
    const metadata = await ctx.db.admin(async (tx) => {
      const rows = await tx.query<{ metadata: ObjectMetadata }>(
        `select metadata from storage.objects where bucket_id = $1 and name = $2`,
        [bucketId, name],
      );
      return rows.rows[0]?.metadata ?? null;
    });
    if (!metadata) return objectNotFound();
    let bytes: Buffer;
    try {
      bytes = await readFile(bytesPath(bucketId, name));
    } catch {
      return objectNotFound();
    }
    const headers = new Headers({
      "content-type": metadata.mimetype,
      etag: metadata.eTag,
      "x-robots-tag": "none",
      "last-modified": metadata.lastModified,
      expires: new Date(payload.exp * 1000).toUTCString(),
    });
    const download = query.get("download");
    if (download !== null) {
      const encoded = encodeURIComponent(download);
      headers.set(
        "content-disposition",
        download === ""
          ? "attachment;"
          : `attachment; filename=${encoded}; filename*=UTF-8''${encoded}`,
      );
    }
    return objectResponse(request, bytes, headers);
  }

  async function removeMany(
    request: Request,
    bucketId: string,
    caller: Caller,
  ) {
    const read = await readJsonBody(request);
    if ("error" in read) return read.error;
    const prefixes = (read.body as { prefixes?: unknown } | undefined)
      ?.prefixes;
    if (
      !Array.isArray(prefixes) ||
      !prefixes.every((prefix) => typeof prefix === "string")
    ) {
      return storageError(
        400,
        "InvalidRequest",
        "body must have required property 'prefixes'",
      );
    }
    if (!(await loadBucket(bucketId))) return bucketNotFound();
    const deleted = await ctx.db.asRole(
      caller,
      { readOnly: false },
      async (tx) => {
        // As the Storage service: storage.protect_delete refuses any other delete.
        await tx.query(
          `select set_config('storage.allow_delete_query', 'true', true)`,
        );
        const rows = await tx.query<Record<string, unknown> & { name: string }>(
          `delete from storage.objects where bucket_id = $1 and name = any($2::text[])
         returning id, name, bucket_id, owner, owner_id, version, metadata, user_metadata,
                   created_at, updated_at, last_accessed_at`,
          [bucketId, prefixes],
        );
        return rows.rows;
      },
    );
    await Promise.all(
      deleted.map((row) => rm(bytesPath(bucketId, row.name), { force: true })),
    );
    return json(200, deleted);
  }

  async function list(request: Request, bucketId: string, caller: Caller) {
    const read = await readJsonBody(request);
    if ("error" in read) return read.error;
    const body = (read.body ?? {}) as Record<string, unknown>;
    const prefix =
      typeof body.prefix === "string" ? trimEndOf(body.prefix, "/") : "";
    const limit = typeof body.limit === "number" ? body.limit : 100;
    const offset = typeof body.offset === "number" ? body.offset : 0;
    const search = typeof body.search === "string" ? body.search : "";
    if (!(await loadBucket(bucketId))) return bucketNotFound();
    const start = prefix ? `${prefix}/` : "";
    const rows = await ctx.db.asRole(caller, { readOnly: true }, async (tx) => {
      const result = await tx.query<{
        name: string;
        id: string;
        updated_at: Date;
        created_at: Date;
        last_accessed_at: Date;
        metadata: unknown;
      }>(
        `select name, id, updated_at, created_at, last_accessed_at, metadata from storage.objects
          where bucket_id = $1 and left(name, length($2)) = $2 order by name`,
        [bucketId, start],
      );
      return result.rows;
    });
    // Direct children only: files at this level, and one placeholder per sub-folder.
    const entries = new Map<string, Record<string, unknown>>();
    for (const row of rows) {
      const rest = row.name.slice(start.length);
      const slash = rest.indexOf("/");
      const entryName = slash === -1 ? rest : rest.slice(0, slash);
      if (search && !entryName.toLowerCase().includes(search.toLowerCase()))
        continue;
      if (entries.has(entryName)) continue;
      entries.set(
        entryName,
        slash === -1
          ? {
              name: entryName,
              id: row.id,
              updated_at: row.updated_at,
              created_at: row.created_at,
              last_accessed_at: row.last_accessed_at,
              metadata: row.metadata,
            }
          : {
              name: entryName,
              id: null,
              updated_at: null,
              created_at: null,
              last_accessed_at: null,
              metadata: null,
            },
      );
    }
    return json(200, [...entries.values()].slice(offset, offset + limit));
  }

  return async function handleStorage(
    request: Request,
    subpath: string,
    caller: Caller | null,
  ) {
    const segments = subpath
      .split("/")
      .slice(1)
      .map((segment) => decodeURIComponent(segment));
    const [kind, ...rest] = segments;
    if (kind !== "object")
      return notSupported(`${request.method} /storage/v1${subpath}`);
    const [first, ...others] = rest;
    if (
      first === "public" &&
      (request.method === "GET" || request.method === "HEAD")
    ) {
      const [bucketId = "", ...nameParts] = others;
      return serve(bucketId, nameParts.join("/"), null, request);
    }
    if (
      first === "sign" &&
      (request.method === "GET" || request.method === "HEAD")
    ) {
      const [bucketId = "", ...nameParts] = others;
      return serveSigned(bucketId, nameParts.join("/"), request);
    }
    if (!caller)
      return storageError(400, "InvalidJWT", "Missing authorization", 400);
    if (first === "sign" && request.method === "POST" && others.length > 1) {
      const [bucketId = "", ...nameParts] = others;
      return sign(request, bucketId, nameParts.join("/"), caller);
    }
    if (first === "list" && request.method === "POST")
      return list(request, others[0] ?? "", caller);
    if (
      first === "authenticated" &&
      (request.method === "GET" || request.method === "HEAD")
    ) {
      const [bucketId = "", ...nameParts] = others;
      return serve(bucketId, nameParts.join("/"), caller, request);
    }
    if (
      ["sign", "upload", "info", "move", "copy", "list-v2", "render"].includes(
        first ?? "",
      )
    ) {
      return notSupported(`${request.method} /storage/v1${subpath}`);
    }
    const bucketId = first ?? "";
    const name = others.join("/");
    switch (request.method) {
      case "POST":
        return upload(
          request,
          bucketId,
          name,
          caller,
          request.headers.get("x-upsert") === "true",
        );
      case "PUT":
        return upload(request, bucketId, name, caller, true);
      case "GET":
      case "HEAD":
        return serve(bucketId, name, caller, request);
      case "DELETE":
        if (!name) return removeMany(request, bucketId, caller);
        return notSupported(
          "DELETE of a single object path (use remove([...]))",
        );
      default:
        return notSupported(`${request.method} /storage/v1${subpath}`);
    }
  };
}
