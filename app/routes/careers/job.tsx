import { data } from "react-router";
import type { Route } from "./+types/job";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { ErrorPage } from "#app/components/error-page.tsx";
import { ClosedJob, OpenJob } from "./job-detail.tsx";
import { CLOSED_JOB_COPY } from "#app/content/careers.ts";
import { actionRetryAfterHeaders } from "#app/lib/action-headers.ts";
import { cacheHeadersFromLoader } from "#app/utils/public-cache.server.ts";
import { rootSiteUrl, routeMeta } from "#app/lib/meta.ts";
import { storedPage } from "#app/utils/page-cache.server.ts";
import { getPublicSupabase } from "#app/utils/supabase.server.ts";
import { submitApplication } from "./job-application.server.ts";
import { jobPostingJsonLd } from "./job-json-ld.ts";
import { findJob, jobCacheHeaders, JobsQueryError } from "./jobs.server.ts";
import { backendFailed, notFound } from "#app/utils/route-errors.server.ts";

/** The job, or the answer a missing job or a failed backend gets. */
async function requireJob(
  request: Request,
  context: Route.LoaderArgs["context"],
  id: string,
) {
  try {
    const found = await findJob(getPublicSupabase(context), id);
    if (!found) throw notFound(jobCacheHeaders(request, null, 404));
    return found;
  } catch (error) {
    if (!(error instanceof JobsQueryError)) throw error;
    console.error("Job page failed:", error.message);
    throw backendFailed(undefined, jobCacheHeaders(request, null, 503));
  }
}

// A closed position answers 410 Gone: search engines drop it at once, and
// the visitor reads a page that says so. A 410 is never stored.
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { job, open } = await requireJob(request, context, params.id);
  if (!open) {
    return data(
      { job: { id: job.id, title: job.title }, closed: true as const },
      { status: 410, headers: jobCacheHeaders(request, null, 410) },
    );
  }
  const closes = job.closes_at ? Date.parse(job.closes_at) : null;
  return data(
    { job, closed: false as const },
    { headers: jobCacheHeaders(request, closes) },
  );
}

// The loader's cache rule (never past the closing time), and a rate-limited
// post's Retry-After.
export const headers: Route.HeadersFunction = (args) => {
  const headers = actionRetryAfterHeaders(args);
  new Headers(cacheHeadersFromLoader(args)).forEach((value, key) =>
    headers.set(key, value),
  );
  return headers;
};

// `?apply=1` opens the application form in the page (its no-JavaScript link).
export const middleware: Route.MiddlewareFunction[] = [
  storedPage("until-jobs-change", "apply"),
];

export async function action({ request, params, context }: Route.ActionArgs) {
  const { job, open } = await requireJob(request, context, params.id);
  // Refused before a byte of the CV is read: nothing is stored.
  if (!open) throw data({ closed: true }, { status: 410 });
  return submitApplication({ request, context, job });
}

export const meta: Route.MetaFunction = (args) => {
  const loaded = args.loaderData;
  if (!loaded)
    return routeMeta(args, { title: "Job Not Found", noIndex: true });
  if (loaded.closed) {
    return routeMeta(args, {
      title: CLOSED_JOB_COPY.title(loaded.job.title),
      noIndex: true,
    });
  }
  const { job } = loaded;
  return routeMeta(args, {
    // A title may end in parentheses of its own ("Intern (PhD)"): the type
    // follows a separator, not a second pair.
    title: `${job.title} · ${job.employment_type}`,
    description: job.description,
    jsonLd: [jobPostingJsonLd(job, rootSiteUrl(args))],
  });
};

export default function JobDetail({ loaderData }: Route.ComponentProps) {
  if (loaderData.closed) return <ClosedJob title={loaderData.job.title} />;
  return <OpenJob job={loaderData.job} />;
}

const BACK_TO_CAREERS = [{ to: "/careers", label: "Back to Careers" }];

export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary
      defaultStatusHandler={somethingWentWrong}
      unexpectedErrorHandler={somethingWentWrong}
      statusHandlers={{
        404: () => (
          <ErrorPage
            title="Job Not Found"
            message="The job you're looking for doesn't exist."
            actions={BACK_TO_CAREERS}
          />
        ),
        410: () => (
          <ErrorPage
            title={CLOSED_JOB_COPY.heading}
            message={CLOSED_JOB_COPY.refused}
            actions={BACK_TO_CAREERS}
          />
        ),
      }}
    />
  );
}

function somethingWentWrong() {
  return (
    <ErrorPage
      title="Something went wrong"
      message="We could not show this position right now. Please try again in a moment."
      actions={BACK_TO_CAREERS}
    />
  );
}
