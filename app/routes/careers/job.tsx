import type { Route } from "./+types/job";
import classes from "./careers.module.css";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { ErrorPage } from "#app/components/error-page.tsx";
import {
  ApplicationDialog,
  ApplicationPanel,
  ApplyNowButton,
  useApplicationDialog,
} from "./application-form.tsx";
import ui from "#app/components/marketing/marketing.module.css";
import { getJob } from "#app/content/jobs.ts";
import { BRAND_NAME } from "#app/content/site.ts";
import { actionRetryAfterHeaders } from "#app/lib/action-headers.ts";
import { routeMeta } from "#app/lib/meta.ts";
import { storedUntilDeploy } from "#app/utils/stored-page.server.ts";
import { submitApplication } from "./job-application.server.ts";
import { notFound } from "#app/utils/route-errors.server.ts";

export function loader({ params }: Route.LoaderArgs) {
  const job = getJob(params.id);
  if (!job) throw notFound();
  return { job };
}

export const headers: Route.HeadersFunction = actionRetryAfterHeaders;

export const middleware: Route.MiddlewareFunction[] = [storedUntilDeploy];

export async function action({ request, params, context }: Route.ActionArgs) {
  const job = getJob(params.id);
  if (!job) throw notFound();
  return submitApplication({ request, context, job });
}

export const meta: Route.MetaFunction = (args) => {
  const job = args.loaderData?.job;
  if (!job) return routeMeta(args, { title: "Job Not Found", noIndex: true });
  return routeMeta(args, {
    // A title may end in parentheses of its own ("Intern (PhD)"): the type
    // follows a separator, not a second pair.
    title: `${job.title} · ${job.type}`,
    description: job.description,
    jsonLd: [
      {
        "@context": "https://schema.org",
        "@type": "JobPosting",
        title: job.title,
        description: job.about,
        employmentType: job.type === "Internship" ? "INTERN" : "FULL_TIME",
        jobLocationType: "TELECOMMUTE",
        applicantLocationRequirements: [
          "European Union",
          "United Kingdom",
          "United States",
        ].map((name) => ({ "@type": "Country", name })),
        hiringOrganization: { "@type": "Organization", name: BRAND_NAME },
      },
    ],
  });
};

function DetailList({ title, items }: { title: string; items: string[] }) {
  return (
    <section className={classes.detailSection}>
      <h2>{title}</h2>
      <ul>
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </section>
  );
}

export default function JobDetail({ loaderData }: Route.ComponentProps) {
  const { job } = loaderData;
  const dialog = useApplicationDialog();
  return (
    <article
      className={`${ui.underNav} ${ui.heroBackground}`}
      aria-labelledby="job-heading"
    >
      <div className={`${ui.container} ${classes.detail}`}>
        <div className={classes.text}>
          <p className={ui.eyebrow}>Careers</p>
          <h1 id="job-heading" className={ui.heading}>
            {job.title}
          </h1>
          <ul className={classes.badges} aria-label="Position details">
            <li className={classes.badge}>{job.type}</li>
            <li className={classes.badge}>{job.location}</li>
            <li className={classes.badge}>{job.duration}</li>
          </ul>
          <p className={ui.lead}>{job.description}</p>
          <div className={classes.apply}>
            <ApplyNowButton jobId={job.id} dialog={dialog} />
          </div>
          <section className={classes.detailSection}>
            <h2>About the Role</h2>
            <p>{job.about}</p>
          </section>
          <DetailList title="Responsibilities" items={job.responsibilities} />
          <DetailList title="Qualifications" items={job.qualifications} />
          <DetailList title="What We Offer" items={job.benefits} />
          <section
            className={classes.applyEnd}
            aria-labelledby="apply-end-heading"
          >
            <h2 id="apply-end-heading">Interested in this role?</h2>
            <ApplyNowButton jobId={job.id} dialog={dialog} />
          </section>
          <ApplicationPanel jobId={job.id} jobTitle={job.title} />
        </div>
        <aside className={classes.aside} aria-label="Apply for this role">
          <div className={classes.asideCard}>
            <p className={classes.asideTitle}>{job.title}</p>
            <p className={classes.asideMeta}>
              {job.type} · {job.location}
            </p>
            <ApplyNowButton jobId={job.id} dialog={dialog} fullWidth />
          </div>
        </aside>
      </div>
      <ApplicationDialog jobId={job.id} jobTitle={job.title} dialog={dialog} />
    </article>
  );
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
