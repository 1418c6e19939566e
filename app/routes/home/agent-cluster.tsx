import { Link } from "react-router";
import type { Agent } from "#app/content/agents.ts";
import { BrandMark } from "#app/components/marketing/brand-mark.tsx";
import classes from "./agent-cluster.module.css";

type AgentClusterProps = {
  agents: Pick<Agent, "slug" | "name" | "role" | "portrait">[];
  label: string;
  /** What a screen reader hears after each agent's role. */
  liveStatus: string;
};

/** The hero's circle of agent portraits, each a link to its agent page. */
export function AgentCluster({ agents, label, liveStatus }: AgentClusterProps) {
  return (
    <nav aria-label={label} className={classes.cluster}>
      <div className={classes.rings} aria-hidden="true">
        <span />
        <span />
        <span />
      </div>
      <div className={classes.core} aria-hidden="true">
        <BrandMark size={56} />
      </div>
      <ul className={classes.list}>
        {agents.map((agent) => (
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
                <span className="visually-hidden">, {liveStatus}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
