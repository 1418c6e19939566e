import { data, Link } from "react-router";
import type { Route } from "./+types/list";
import classes from "./careers.module.css";
import { SectionHeading } from "#app/components/marketing/section-heading.tsx";
import ui from "#app/components/marketing/marketing.module.css";
import { BRAND_NAME } from "#app/content/site.ts";
import { routeMeta } from "#app/lib/meta.ts";
import { cacheHeadersFromLoader } from "#app/utils/public-cache.server.ts";
import { backendFailed } from "#app/utils/route-errors.server.ts";
import { storedPage } from "#app/utils/page-cache.server.ts";
import { getPublicSupabase } from "#app/utils/supabase.server.ts";
import { jobCard } from "./job-posting.ts";
import {
  jobCacheHeaders,
  JobsQueryError,
  listOpenJobs,
  nextClosing,
} from "./jobs.server.ts";

export const middleware: Route.MiddlewareFunction[] = [
  storedPage("until-jobs-change"),
];

export async function loader({ request, context }: Route.LoaderArgs) {
  let jobs;
  try {
    jobs = await listOpenJobs(getPublicSupabase(context));
  } catch (error) {
    if (!(error instanceof JobsQueryError)) throw error;
    console.error("Careers list failed:", error.message);
    throw backendFailed(undefined, jobCacheHeaders(request, null, 503));
  }
  // The list changes when the first of its jobs closes.
  const closes = nextClosing(jobs);
  return data(
    { jobs: jobs.map(jobCard) },
    { headers: jobCacheHeaders(request, closes) },
  );
}

export const headers: Route.HeadersFunction = cacheHeadersFromLoader;

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: "Careers",
    description: `Open positions at ${BRAND_NAME}: help build continuously learning AI agents, remote from the EU, the UK or the US, or in London.`,
  });

export default function Careers({ loaderData }: Route.ComponentProps) {
  return (
    <section
      aria-labelledby="careers-heading"
      className={`${ui.underNav} ${ui.heroBackground}`}
    >
      <div className={ui.container} style={{ paddingBottom: "6rem" }}>
        <SectionHeading
          id="careers-heading"
          level={1}
          eyebrow="Careers"
          title="Open Positions"
          centered
        >
          Join a small team of researchers and engineers building AI agents that
          keep learning on the job.
        </SectionHeading>
        <ul className={ui.grid2} style={{ listStyle: "none", padding: 0 }}>
          {loaderData.jobs.map((job) => (
            <li key={job.id}>
              <Link
                to={`/careers/${job.id}`}
                className={`${ui.card} ${classes.cardLink}`}
              >
                <h2 className={ui.cardTitle}>{job.title}</h2>
                <ul className={classes.badges} aria-label="Position details">
                  <li className={classes.badge}>{job.employment_type}</li>
                  <li className={classes.badge}>{job.location}</li>
                  <li className={classes.badge}>{job.duration}</li>
                  {job.pay ? (
                    <li className={classes.badge}>{job.pay}</li>
                  ) : null}
                </ul>
                <p className={ui.cardText}>{job.description}</p>
                <span className={ui.textLink} aria-hidden>
                  View details →
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
