import {
  createServerClient,
  parseCookieHeader,
  serializeCookieHeader,
} from "@supabase/ssr";
import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import {
  createContext,
  type MiddlewareFunction,
  type RouterContextProvider,
} from "react-router";
import type { Database } from "#app/utils/database.types.ts";
import { env, secureCookies } from "#app/utils/env.server.ts";
import { withHeaders } from "#app/utils/response-headers.server.ts";
import { recordSupabaseTime } from "#app/utils/server-timing.server.ts";

/**
 * The time one request may spend waiting on Supabase, all its calls together,
 * so a slow backend cannot hang a page: a page that needs two calls (the
 * session, then its data) still answers within it instead of waiting for each
 * in turn. Time spent elsewhere (reading an upload from a slow connection)
 * does not count.
 */
export const SUPABASE_TIMEOUT_MS = 4_000;

/** Runs backend work with a signal that aborts it once the budget is spent. */
export type SpendBudget = <T>(
  work: (signal: AbortSignal) => Promise<T>,
) => Promise<T>;

/**
 * A budget of `budgetMs` that backend calls spend together, and `spend` to
 * run one within it. Time counts while at least one call is in flight, so
 * calls made in parallel spend the budget once, not once each.
 */
export function createBudget(budgetMs = SUPABASE_TIMEOUT_MS) {
  let spent = 0;
  let inFlight = 0;
  let busySince = 0;
  const elapsed = () =>
    spent + (inFlight > 0 ? performance.now() - busySince : 0);
  const spend: SpendBudget = async (work) => {
    const signal = AbortSignal.timeout(
      Math.max(0, Math.round(budgetMs - elapsed())),
    );
    if (inFlight++ === 0) busySince = performance.now();
    try {
      return await work(signal);
    } finally {
      if (--inFlight === 0) spent += performance.now() - busySince;
    }
  };
  return spend;
}

/** A fetch whose calls give up once, together, they have waited `budgetMs`. */
export function fetchWithBudget(
  budgetMs = SUPABASE_TIMEOUT_MS,
  spend = createBudget(budgetMs),
) {
  return (input: RequestInfo | URL, init: RequestInit = {}) =>
    spend((timeout) =>
      fetch(input, {
        ...init,
        signal: init.signal ? AbortSignal.any([init.signal, timeout]) : timeout,
      }),
    );
}

/**
 * How long a form may wait on its edge function, on its own clock rather than
 * the page's SUPABASE_TIMEOUT_MS: the function answers once the row is stored
 * (its insert alone may take 5 s) and e-mails the team after answering, so a
 * slow but successful store is not shown to the visitor as a failure.
 */
export const FUNCTION_TIMEOUT_MS = 10_000;

const formClockContext = createContext<number | null>(null);

/**
 * What is left of the one FUNCTION_TIMEOUT_MS a form's backend work shares,
 * counted from its first call: the limit checks all machines share and the
 * function call spend the same clock, so a slow backend costs a visitor one
 * budget, not one per step (a 3 s limit check before a 10 s function call
 * answered after 13 s).
 */
export function formBudgetLeft(context: Readonly<RouterContextProvider>) {
  let deadline = context.get(formClockContext);
  if (deadline === null) {
    deadline = performance.now() + FUNCTION_TIMEOUT_MS;
    context.set(formClockContext, deadline);
  }
  return Math.max(0, Math.round(deadline - performance.now()));
}

type PublicSchema = Database["public"];
type SavePost = PublicSchema["Functions"]["save_post"];

/**
 * The generated types with one correction: Postgres function arguments take
 * null, but the generator (ours and `supabase gen types`) types them without
 * it, and save_post creates a post when p_id is null.
 */
export type AppDatabase = {
  public: Omit<PublicSchema, "Functions"> & {
    Functions: Omit<PublicSchema["Functions"], "save_post"> & {
      save_post: {
        Args: Omit<SavePost["Args"], "p_id"> & { p_id: string | null };
        Returns: SavePost["Returns"];
      };
    };
  };
};

/** The Supabase client typed by the schema (`npm run db:types`). */
export type TypedSupabaseClient = SupabaseClient<AppDatabase>;

/**
 * The client a form's own work uses (its CV upload, its function call): the
 * secret key when the server has one, else the public key; no session; every
 * call on the form's clock (formBudgetLeft), not the page's Supabase budget.
 */
export function getFormsClient(context: Readonly<RouterContextProvider>) {
  return createClient<AppDatabase>(
    env.SUPABASE_URL,
    env.SUPABASE_SECRET_KEY ?? env.SUPABASE_PUBLISHABLE_KEY,
    {
      auth: { persistSession: false, autoRefreshToken: false },
      global: {
        fetch: async (input, init) => {
          const started = performance.now();
          const budget = AbortSignal.timeout(formBudgetLeft(context));
          try {
            return await fetch(input, {
              ...init,
              signal: init?.signal
                ? AbortSignal.any([init.signal, budget])
                : budget,
            });
          } finally {
            recordSupabaseTime(context, performance.now() - started);
          }
        },
      },
    },
  );
}

/**
 * Calls a form's edge function. With the secret key the function leaves the
 * per-visitor limits to this server, which counted them before; without one
 * it counts this server's address as any public caller's (decision 092).
 */
export function invokeFunction(
  context: Readonly<RouterContextProvider>,
  name: string,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  return getFormsClient(context).functions.invoke(name, { body, headers });
}

export const authCookieOptions = {
  httpOnly: true,
  secure: secureCookies,
  sameSite: "lax",
  path: "/",
} as const;

type PendingCookies = {
  cookies: string[];
  headers: Record<string, string>;
};

type RequestSupabase = {
  client: TypedSupabaseClient;
  /** The anonymous client for public reads, made on first use. */
  publicClient?: TypedSupabaseClient;
  pending: PendingCookies;
  spend: SpendBudget;
};

const supabaseContext = createContext<RequestSupabase | null>(null);

/** The request's budget and Server-Timing around every call a client makes. */
function requestFetch(
  context: Readonly<RouterContextProvider>,
  spend: SpendBudget,
) {
  const fetchWithinBudget = fetchWithBudget(SUPABASE_TIMEOUT_MS, spend);
  return async (input: RequestInfo | URL, init?: RequestInit) => {
    const started = performance.now();
    try {
      return await fetchWithinBudget(input, init);
    } finally {
      recordSupabaseTime(context, performance.now() - started);
    }
  };
}

function createRequestClient(
  request: Request,
  context: Readonly<RouterContextProvider>,
): RequestSupabase {
  const pending: PendingCookies = { cookies: [], headers: {} };
  const spend = createBudget();
  const client = createServerClient<AppDatabase>(
    env.SUPABASE_URL,
    env.SUPABASE_PUBLISHABLE_KEY,
    {
      cookieOptions: authCookieOptions,
      cookies: {
        getAll() {
          return parseCookieHeader(request.headers.get("Cookie") ?? "").map(
            ({ name, value }) => ({ name, value: value ?? "" }),
          );
        },
        setAll(cookies, headers) {
          for (const { name, value, options } of cookies) {
            pending.cookies.push(
              serializeCookieHeader(name, value, {
                ...options,
                ...authCookieOptions,
              }),
            );
          }
          Object.assign(pending.headers, headers);
        },
      },
      global: { fetch: requestFetch(context, spend) },
      auth: {
        flowType: "pkce",
        autoRefreshToken: false,
        detectSessionInUrl: false,
      },
    },
  );
  return { client, pending, spend };
}

/**
 * The request's Supabase client, made once per request by `supabaseMiddleware`.
 * Loaders and actions call this instead of creating their own so every cookie
 * the client writes reaches the response.
 */
export function getSupabase(context: Readonly<RouterContextProvider>) {
  const entry = context.get(supabaseContext);
  if (!entry) throw new Error("supabaseMiddleware must run before getSupabase");
  return entry.client;
}

/**
 * The client for public reads (the blog's pages, feeds and sitemap): the
 * project's public key and no session, whoever is signed in, so row-level
 * security's one rule for public posts decides what every visitor sees, and
 * a team member or an author sees the public blog like anyone else. It spends
 * the request's budget.
 */
export function getPublicSupabase(context: Readonly<RouterContextProvider>) {
  const entry = context.get(supabaseContext);
  if (!entry) throw new Error("supabaseMiddleware must run before this");
  entry.publicClient ??= createClient<AppDatabase>(
    env.SUPABASE_URL,
    env.SUPABASE_PUBLISHABLE_KEY,
    {
      auth: {
        persistSession: false,
        autoRefreshToken: false,
        detectSessionInUrl: false,
      },
      global: { fetch: requestFetch(context, entry.spend) },
    },
  );
  return entry.publicClient;
}

/**
 * Runs backend work outside the request's client (another key's client, say)
 * within the request's one SUPABASE_TIMEOUT_MS, so the page's bound holds
 * whichever client a step uses.
 */
export function spendRequestBudget(
  context: Readonly<RouterContextProvider>,
): SpendBudget {
  const entry = context.get(supabaseContext);
  if (!entry) throw new Error("supabaseMiddleware must run before this");
  return entry.spend;
}

function applyPending(headers: Headers, pending: PendingCookies) {
  for (const cookie of pending.cookies) headers.append("Set-Cookie", cookie);
  for (const [key, value] of Object.entries(pending.headers))
    headers.set(key, value);
}

/**
 * Creates the per-request client before anything else runs, and after the
 * route answered copies the auth cookies and the no-store cache headers that
 * the client asked for onto the response: redirects and errors included.
 */
export const supabaseMiddleware: MiddlewareFunction<Response> = async (
  { request, context },
  next,
) => {
  const entry = createRequestClient(request, context);
  context.set(supabaseContext, entry);
  const response = await next();
  const { pending } = entry;
  if (
    pending.cookies.length === 0 &&
    Object.keys(pending.headers).length === 0
  ) {
    return response;
  }
  return withHeaders(response, (headers) => applyPending(headers, pending));
};
