import {
  createContext,
  type MiddlewareFunction,
  type RouterContextProvider,
} from "react-router";
import {
  formPageTag,
  keptCopies,
  templateDigest,
} from "#app/utils/form-page-tag.server.ts";
import { honeypot } from "#app/utils/honeypot.server.ts";
import { keepNotModifiedHeaders } from "#app/utils/response-headers.server.ts";
import { nonceContext } from "#app/utils/security.server.ts";
import { recordSupabaseTime } from "#app/utils/server-timing.server.ts";
import { getAnonymousSupabase } from "#app/utils/supabase.server.ts";

// Values a form page must give each visitor its own of, even when the page
// is replayed from the page cache: the honeypot's "valid from" time (one
// stored timestamp for everyone can never be too recent) and the form's
// submission key (one stored key for everyone would make every later message
// a "duplicate" of the first). Loaders return placeholders; this middleware,
// outside the page cache, fills every response that carries them, rendered
// or replayed, in the markup and in the hydration data alike.

export const SUBMISSION_KEY_PLACEHOLDER = "__fresh_submission_key__";
export const HONEYPOT_FROM_PLACEHOLDER = "__fresh_honeypot_from__";
/** A stored template's nonce attributes; each replay gets its request's nonce. */
export const NONCE_PLACEHOLDER = "__fresh_nonce__";

const PLACEHOLDERS = [
  SUBMISSION_KEY_PLACEHOLDER,
  HONEYPOT_FROM_PLACEHOLDER,
  NONCE_PLACEHOLDER,
];

/**
 * How the response carrying placeholders was made: rendered for this request
 * (a signed-in visitor, a query), or replayed from the page cache's stored
 * template, which is the same for every anonymous visitor and so can be named
 * by a tag a revalidation brings back.
 */
type FreshValuesSource = "rendered" | "stored";

const freshValuesContext = createContext<FreshValuesSource | null>(null);

/** Says this response carries placeholders to fill (a loader that returned them, a template replay). */
export function markFreshValues(
  context: Readonly<RouterContextProvider>,
  source: FreshValuesSource = "rendered",
) {
  context.set(freshValuesContext, source);
}

const revalidatesContext = createContext(false);

/**
 * Says this page's kept copies may be answered with a 304 while their key is
 * unused: its form goes to the contact-us function, which tells another
 * message sent under a used key from a retry and stores it (decision 085).
 * The job application form does not: the app takes a stored key for an
 * application already sent before it uploads the CV, so a second tab's
 * application would be lost; job pages stay untagged.
 */
export function letKeptCopiesRevalidate(
  context: Readonly<RouterContextProvider>,
) {
  context.set(revalidatesContext, true);
}

export function keptCopiesRevalidate(context: Readonly<RouterContextProvider>) {
  return context.get(revalidatesContext);
}

export function hasFreshValues(text: string) {
  return PLACEHOLDERS.some((placeholder) => text.includes(placeholder));
}

/** The placeholders of one response, each replaced by this response's value. */
export async function fillFreshValues(
  text: string,
  { nonce, submissionKey }: { nonce: string; submissionKey: string },
) {
  const values: Record<string, string> = {
    [SUBMISSION_KEY_PLACEHOLDER]: submissionKey,
    [HONEYPOT_FROM_PLACEHOLDER]: (await honeypot.getInputProps())
      .encryptedValidFrom,
    [NONCE_PLACEHOLDER]: nonce,
  };
  return text.replace(
    new RegExp(PLACEHOLDERS.join("|"), "g"),
    (placeholder) => values[placeholder] ?? placeholder,
  );
}

/**
 * Whether a form was sent with this key, or null when that cannot be told.
 */
export type SubmissionStored = (
  submissionKey: string,
  context: Readonly<RouterContextProvider>,
) => Promise<boolean | null>;

/**
 * How long a revalidation waits to learn whether its copy's key was used:
 * past that, sending the page again costs the visitor less than waiting.
 */
export const REVALIDATION_CHECK_MS = 1_000;

export const submissionStored: SubmissionStored = async (
  submissionKey,
  context,
) => {
  const started = performance.now();
  try {
    const { data, error } = await getAnonymousSupabase()
      .rpc("submission_stored", { p_key: submissionKey })
      .abortSignal(AbortSignal.timeout(REVALIDATION_CHECK_MS));
    if (error) {
      console.error(`submission_stored failed: ${error.message}`);
      return null;
    }
    return data;
  } catch (error) {
    console.error(`submission_stored failed: ${String(error)}`);
    return null;
  } finally {
    recordSupabaseTime(context, performance.now() - started);
  }
};

/**
 * Fills a response's placeholders, so its bytes are this visitor's alone:
 * `private, no-cache`, never a shared copy. A copy filled from a stored
 * template of a page that lets its kept copies revalidate is tagged with what it holds (app/utils/form-page-tag.server.ts),
 * and a revalidation naming it gets a 304 while its submission key is unused:
 * the page the visitor keeps then still sends a message of its own. The 304
 * carries the policy of the kept copy's nonce, which browsers apply to it.
 * A key already used, another template, a tag the server did not make, or a
 * check that failed: the page is sent again, with a key and nonce of its own.
 */
export function createFreshValuesMiddleware(
  isStored: SubmissionStored,
): MiddlewareFunction<Response> {
  return async ({ request, context }, next) => {
    const response = await next();
    const source = context.get(freshValuesContext);
    if (!source || !response.body) return response;
    const template = await response.text();
    const headers = new Headers(response.headers);
    headers.delete("Content-Length");
    headers.delete("ETag");
    // A page that must not be kept at all (the admin area) stays so.
    if (!/no-store/.test(headers.get("Cache-Control") ?? "")) {
      headers.set("Cache-Control", "private, no-cache");
    }
    const digest =
      source === "stored" &&
      response.status === 200 &&
      keptCopiesRevalidate(context)
        ? templateDigest(response.status, template)
        : null;
    if (digest && request.method === "GET") {
      const kept = keptCopies(request.headers.get("If-None-Match")).find(
        (copy) => copy.template === digest,
      );
      if (kept && (await isStored(kept.submissionKey, context)) === false) {
        context.set(nonceContext, kept.nonce);
        headers.set("ETag", formPageTag(kept));
        keepNotModifiedHeaders(headers);
        return new Response(null, { status: 304, headers });
      }
    }
    const nonce = context.get(nonceContext);
    const submissionKey = crypto.randomUUID();
    if (digest) {
      headers.set(
        "ETag",
        formPageTag({ template: digest, nonce, submissionKey }),
      );
    }
    return new Response(
      await fillFreshValues(template, { nonce, submissionKey }),
      {
        status: response.status,
        statusText: response.statusText,
        headers,
      },
    );
  };
}

export const freshValuesMiddleware =
  createFreshValuesMiddleware(submissionStored);
