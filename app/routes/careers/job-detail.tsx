import type { ReactNode } from "react";
import { Link } from "react-router";
import classes from "./careers.module.css";
import {
  ApplicationDialog,
  ApplicationPanel,
  ApplyNowButton,
  useApplicationDialog,
} from "./application-form.tsx";
import ui from "#app/components/marketing/marketing.module.css";
import { CAREERS_PATH, CLOSED_JOB_COPY } from "#app/content/careers.ts";
import { payRangeLabel, type Job } from "./job-posting.ts";

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

/**
 * A job's page: the hero band and its title over the text, then `aside`
 * beside the text and `after` the whole.
 */
function JobPage({
  title,
  aside,
  after,
  children,
}: {
  title: string;
  aside?: ReactNode;
  after?: ReactNode;
  children: ReactNode;
}) {
  return (
    <article
      className={`${ui.underNav} ${ui.heroBackground}`}
      aria-labelledby="job-heading"
    >
      <div className={`${ui.container} ${classes.detail}`}>
        <div className={classes.text}>
          <p className={ui.eyebrow}>Careers</p>
          <h1 id="job-heading" className={ui.heading}>
            {title}
          </h1>
          {children}
        </div>
        {aside}
      </div>
      {after}
    </article>
  );
}

/** An open job's page, also the admin's preview of a draft. */
export function OpenJob({ job }: { job: Job }) {
  const dialog = useApplicationDialog();
  const jobId = String(job.id);
  const pay = payRangeLabel(job);
  return (
    <JobPage
      title={job.title}
      aside={
        <aside className={classes.aside} aria-label="Apply for this role">
          <div className={classes.asideCard}>
            <p className={classes.asideTitle}>{job.title}</p>
            <p className={classes.asideMeta}>
              {job.employment_type} · {job.location}
            </p>
            <ApplyNowButton jobId={jobId} dialog={dialog} fullWidth />
          </div>
        </aside>
      }
      after={
        <ApplicationDialog jobId={jobId} jobTitle={job.title} dialog={dialog} />
      }
    >
      <ul className={classes.badges} aria-label="Position details">
        <li className={classes.badge}>{job.employment_type}</li>
        <li className={classes.badge}>{job.location}</li>
        <li className={classes.badge}>{job.duration}</li>
        {pay ? <li className={classes.badge}>{pay}</li> : null}
      </ul>
      <p className={ui.lead}>{job.description}</p>
      <div className={classes.apply}>
        <ApplyNowButton jobId={jobId} dialog={dialog} />
      </div>
      <section className={classes.detailSection}>
        <h2>About the Role</h2>
        <p>{job.about}</p>
      </section>
      <DetailList title="Responsibilities" items={job.responsibilities} />
      <DetailList title="Qualifications" items={job.qualifications} />
      <DetailList title="What We Offer" items={job.benefits} />
      <section className={classes.applyEnd} aria-labelledby="apply-end-heading">
        <h2 id="apply-end-heading">Interested in this role?</h2>
        <ApplyNowButton jobId={jobId} dialog={dialog} />
      </section>
      <ApplicationPanel jobId={jobId} jobTitle={job.title} />
    </JobPage>
  );
}

/** A closed job's page: its title, and the way back to the open ones. */
export function ClosedJob({ title }: { title: string }) {
  return (
    <JobPage title={title}>
      <h2>{CLOSED_JOB_COPY.heading}</h2>
      <p className={ui.lead}>{CLOSED_JOB_COPY.text}</p>
      <Link to={CAREERS_PATH} className={ui.textLink}>
        {CLOSED_JOB_COPY.back}
      </Link>
    </JobPage>
  );
}
