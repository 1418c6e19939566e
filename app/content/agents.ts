import type { AgentContent } from "#app/routes/pages/page-types.ts";

// The three agent personas, fixed by the product. Each page's words, its
// capabilities with their progress percentages and its technologies are the
// seed of its content, edited at /admin/pages/{slug}: the seeded version in
// supabase/migrations/20261202600000_more_pages_as_content.sql is this JSON
// (app/routes/pages/page-types.test.ts), and agents.test.ts pins the
// percentages the product fixes.

export type AgentSlug = "data-engineer" | "data-analyst" | "ml-engineer";

export type AgentCapability = {
  name: string;
  description: string;
  /** Learning progress in percent, out of PROGRESS_MAX. */
  progress: number;
};

export type Agent = {
  slug: AgentSlug;
  name: string;
  role: string;
  headline: string;
  summary: string;
  portrait: { src: string; width: number; height: number; alt: string };
  /** The looping video is <slug>.webm and .mp4 in Storage (app/routes/agents/videos.ts). */
  video: { poster: string; label: string };
  capabilities: AgentCapability[];
  technologies: string[];
};

export const PROGRESS_MAX = 100;

export const AGENTS: Agent[] = [
  {
    slug: "data-engineer",
    name: "Peter",
    role: "Data Engineer",
    headline: "Pipelines that build, test and heal themselves",
    summary:
      "Peter designs, ships and maintains the data pipelines your teams depend on. He learns your warehouse, your naming conventions and your incident history, then turns weeks of plumbing into reviewed pull requests on your existing stack.",
    portrait: {
      src: "/images/agents/peter.svg",
      width: 240,
      height: 240,
      alt: "Portrait of Peter, the data engineer agent",
    },
    video: {
      poster: "/images/agents/data-engineer-poster.svg",
      label: "Peter orchestrating a data pipeline from ingestion to warehouse",
    },
    capabilities: [
      {
        name: "Pipeline Orchestration",
        description:
          "Builds and schedules dependable DAGs with retries, backfills and alerting wired in from day one.",
        progress: 92,
      },
      {
        name: "Data Ingestion & ETL",
        description:
          "Connects databases, SaaS APIs and event streams, and lands clean, typed tables in your warehouse.",
        progress: 95,
      },
      {
        name: "Data Quality & Validation",
        description:
          "Writes contracts and tests for freshness, volume and schema so bad data never reaches a dashboard.",
        progress: 88,
      },
      {
        name: "Schema Design & Modelling",
        description:
          "Shapes raw sources into documented dimensional models that analysts actually enjoy querying.",
        progress: 90,
      },
      {
        name: "Streaming & Real-time Processing",
        description:
          "Moves latency-critical workloads to streaming with exactly-once delivery and sensible windowing.",
        progress: 75,
      },
      {
        name: "Infrastructure as Code",
        description:
          "Captures warehouses, buckets and permissions as reviewed, reproducible infrastructure code.",
        progress: 45,
      },
    ],
    technologies: [
      "Apache Airflow",
      "dbt",
      "Apache Spark",
      "Apache Kafka",
      "Snowflake",
      "Databricks",
      "PostgreSQL",
      "Terraform",
    ],
  },
  {
    slug: "data-analyst",
    name: "Zara",
    role: "Data Analyst",
    headline: "Answers in minutes, not ticket queues",
    summary:
      "Zara turns business questions into trustworthy answers. She learns your metrics, your definitions and the way your leadership reads a chart, then delivers analyses, dashboards and KPI reviews your teams can act on the same day.",
    portrait: {
      src: "/images/agents/zara.svg",
      width: 240,
      height: 240,
      alt: "Portrait of Zara, the data analyst agent",
    },
    video: {
      poster: "/images/agents/data-analyst-poster.svg",
      label: "Zara building a live KPI dashboard from warehouse data",
    },
    capabilities: [
      {
        name: "SQL & Data Exploration",
        description:
          "Writes fast, readable SQL against your warehouse and explains every join and filter it relies on.",
        progress: 95,
      },
      {
        name: "Statistical Analysis",
        description:
          "Runs significance tests, cohort comparisons and experiment read-outs with the caveats spelled out.",
        progress: 66,
      },
      {
        name: "Forecasting",
        description:
          "Projects revenue, demand and capacity with seasonality, confidence bands and backtests.",
        progress: 70,
      },
      {
        name: "Dashboards & Visualisation",
        description:
          "Builds clear, self-serve dashboards in your BI tool, with charts chosen for the question asked.",
        progress: 90,
      },
      {
        name: "KPI Definition & Tracking",
        description:
          "Agrees metric definitions once, documents them, and watches them for drift and anomalies.",
        progress: 85,
      },
      {
        name: "Business Insight Reporting",
        description:
          "Writes the weekly narrative: what changed, why it matters, and what to do about it.",
        progress: 85,
      },
    ],
    technologies: [
      "SQL",
      "Python",
      "pandas",
      "BigQuery",
      "Looker",
      "Tableau",
      "Power BI",
      "Jupyter",
    ],
  },
  {
    slug: "ml-engineer",
    name: "Jeremy",
    role: "ML Engineer",
    headline: "From notebook to production model, continuously",
    summary:
      "Jeremy takes machine learning from experiment to production. He learns your data, your serving constraints and your evaluation standards, then trains, ships and monitors models with the discipline of a top-2% ML team.",
    portrait: {
      src: "/images/agents/jeremy.svg",
      width: 240,
      height: 240,
      alt: "Portrait of Jeremy, the ML engineer agent",
    },
    video: {
      poster: "/images/agents/ml-engineer-poster.svg",
      label: "Jeremy training, evaluating and deploying a model",
    },
    capabilities: [
      {
        name: "Feature Engineering",
        description:
          "Derives leak-free features from raw events and registers them for reuse across models.",
        progress: 45,
      },
      {
        name: "Model Training & Tuning",
        description:
          "Trains baselines first, then tunes hyperparameters within a budget you set.",
        progress: 57,
      },
      {
        name: "Model Evaluation",
        description:
          "Evaluates on held-out and sliced data, so a model that only works on average never ships.",
        progress: 88,
      },
      {
        name: "MLOps & Deployment",
        description:
          "Packages models behind versioned endpoints or batch jobs with safe, reversible rollouts.",
        progress: 60,
      },
      {
        name: "Model Monitoring & Drift",
        description:
          "Watches inputs, predictions and outcomes in production and raises retraining before accuracy slips.",
        progress: 63,
      },
      {
        name: "Experiment Tracking",
        description:
          "Records every run, dataset and metric so results are reproducible and comparable.",
        progress: 50,
      },
    ],
    technologies: [
      "Python",
      "PyTorch",
      "scikit-learn",
      "XGBoost",
      "MLflow",
      "Ray",
      "Kubernetes",
      "Weights & Biases",
    ],
  },
];

export function getAgent(slug: string | undefined) {
  return AGENTS.find((agent) => agent.slug === slug);
}

/** An agent page's words as the product fixed them: its seeded version. */
export function agentSeed(agent: Agent): AgentContent {
  return {
    intro: {
      headline: agent.headline,
      summary: agent.summary,
      videoLabel: agent.video.label,
    },
    capabilities: { items: agent.capabilities },
    technologies: { items: agent.technologies },
  };
}

export const AGENT_PAGE_COPY = {
  videoHeading: "Watch the agent at work",
  capabilitiesHeading: "Capabilities",
  capabilitiesIntro:
    "Every capability keeps improving as the agent learns from your codebase, your reviews and your playbooks. The bars show how far each one has progressed.",
  progressLabel: "Learning progress",
  technologiesHeading: "Technologies",
  technologiesIntro: "Works natively with the tools your team already runs.",
  requestDemo: "Request Demo",
  ctaHeading: (name: string) => `Put ${name} to work on your stack`,
  ctaText:
    "See the agent learn your organization's knowledge and ship its first improvements within weeks.",
  otherAgentsHeading: "Meet the rest of the team",
} as const;
