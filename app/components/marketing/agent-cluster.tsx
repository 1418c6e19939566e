import { Link } from "react-router";
import { AGENTS } from "#app/content/agents.ts";
import { HERO } from "#app/content/home.ts";
import { BrandMark } from "./brand-mark.tsx";
import classes from "./agent-cluster.module.css";

/** The hero's circle of agent portraits, each a link to its agent page. */
export function AgentCluster() {
  return (
    <nav aria-label={HERO.clusterLabel} className={classes.cluster}>
      <div className={classes.rings} aria-hidden="true">
        <span />
        <span />
        <span />
      </div>
      <div className={classes.core} aria-hidden="true">
        <BrandMark size={56} />
      </div>
      <ul className={classes.list}>
        {AGENTS.map((agent) => (
          <li key={agent.slug} className={classes.item}>
            <Link to={`/agents/${agent.slug}`} className={classes.link}>
              <span className={classes.portrait}>
                <img
                  src={agent.portrait.src}
                  width={agent.portrait.width}
                  height={agent.portrait.height}
                  alt=""
                  fetchPriority="high"
                />
                <span
                  className={classes.liveDot}
                  data-status="live"
                  aria-hidden="true"
                />
              </span>
              <span className={classes.label}>
                <span className={classes.name}>{agent.name}</span>
                <span className={classes.role}>{agent.role}</span>
                <span className="visually-hidden">, {HERO.liveStatus}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
