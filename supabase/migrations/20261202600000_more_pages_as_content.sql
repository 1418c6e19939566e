-- More pages as content (docs/decisions/236-pages-as-content.md): the
-- privacy notice, and the three agent pages, keyed by the agent's slug: their
-- words, capabilities with their learning progress, and technologies. Who the
-- agents are (name, role, portrait) stays in the code, which the navigation
-- and the home page read too.

create or replace function public.page_content_keys(p_key text)
returns text[]
language sql
immutable
set search_path = ''
as $$
  select case p_key
    when 'home' then array['closingCta', 'deployment', 'hero', 'howItWorks', 'results', 'summary', 'teaser']
    when 'company' then array['hero', 'join', 'mission', 'values']
    when 'privacy' then array['notice']
    when 'data-engineer' then array['capabilities', 'intro', 'technologies']
    when 'data-analyst' then array['capabilities', 'intro', 'technologies']
    when 'ml-engineer' then array['capabilities', 'intro', 'technologies']
  end;
$$;

-- The words the pages had in their code (app/content/privacy.ts and
-- agents.ts), published from the start.
insert into public.page_versions (page_key, content, published_at, created_by, created_at)
values
('privacy', $privacy${
  "notice": {
    "title": "Privacy: what we count",
    "summary": "This site counts visits without cookies and keeps nothing in your browser.",
    "body": "We count page views on our own servers, without cookies and without storing anything in your browser. To tell visitors apart for one day, we keep a one-way hash of your IP address and browser name mixed with a random value that changes daily and is deleted after two days; your IP address itself is never stored. We keep which page you viewed, the site that linked to it, any campaign tags in the link, your device type (desktop, mobile or tablet) and, where our content delivery network tells us, your country. When you send us a form, we note the page you first arrived on that day and the site that sent you there, not who you are. Page views are deleted after 30 days; only daily totals are kept. Signed-in team members and known bots are not counted."
  }
}$privacy$::jsonb, '2026-12-01T00:00:00Z', null, '2026-12-01T00:00:00Z'),
('data-engineer', $data_engineer${
  "intro": {
    "headline": "Pipelines that build, test and heal themselves",
    "summary": "Peter designs, ships and maintains the data pipelines your teams depend on. He learns your warehouse, your naming conventions and your incident history, then turns weeks of plumbing into reviewed pull requests on your existing stack.",
    "videoLabel": "Peter orchestrating a data pipeline from ingestion to warehouse"
  },
  "capabilities": {
    "items": [
      {
        "name": "Pipeline Orchestration",
        "description": "Builds and schedules dependable DAGs with retries, backfills and alerting wired in from day one.",
        "progress": 92
      },
      {
        "name": "Data Ingestion & ETL",
        "description": "Connects databases, SaaS APIs and event streams, and lands clean, typed tables in your warehouse.",
        "progress": 95
      },
      {
        "name": "Data Quality & Validation",
        "description": "Writes contracts and tests for freshness, volume and schema so bad data never reaches a dashboard.",
        "progress": 88
      },
      {
        "name": "Schema Design & Modelling",
        "description": "Shapes raw sources into documented dimensional models that analysts actually enjoy querying.",
        "progress": 90
      },
      {
        "name": "Streaming & Real-time Processing",
        "description": "Moves latency-critical workloads to streaming with exactly-once delivery and sensible windowing.",
        "progress": 75
      },
      {
        "name": "Infrastructure as Code",
        "description": "Captures warehouses, buckets and permissions as reviewed, reproducible infrastructure code.",
        "progress": 45
      }
    ]
  },
  "technologies": {
    "items": [
      "Apache Airflow",
      "dbt",
      "Apache Spark",
      "Apache Kafka",
      "Snowflake",
      "Databricks",
      "PostgreSQL",
      "Terraform"
    ]
  }
}$data_engineer$::jsonb, '2026-12-01T00:00:00Z', null, '2026-12-01T00:00:00Z'),
('data-analyst', $data_analyst${
  "intro": {
    "headline": "Answers in minutes, not ticket queues",
    "summary": "Zara turns business questions into trustworthy answers. She learns your metrics, your definitions and the way your leadership reads a chart, then delivers analyses, dashboards and KPI reviews your teams can act on the same day.",
    "videoLabel": "Zara building a live KPI dashboard from warehouse data"
  },
  "capabilities": {
    "items": [
      {
        "name": "SQL & Data Exploration",
        "description": "Writes fast, readable SQL against your warehouse and explains every join and filter it relies on.",
        "progress": 95
      },
      {
        "name": "Statistical Analysis",
        "description": "Runs significance tests, cohort comparisons and experiment read-outs with the caveats spelled out.",
        "progress": 66
      },
      {
        "name": "Forecasting",
        "description": "Projects revenue, demand and capacity with seasonality, confidence bands and backtests.",
        "progress": 70
      },
      {
        "name": "Dashboards & Visualisation",
        "description": "Builds clear, self-serve dashboards in your BI tool, with charts chosen for the question asked.",
        "progress": 90
      },
      {
        "name": "KPI Definition & Tracking",
        "description": "Agrees metric definitions once, documents them, and watches them for drift and anomalies.",
        "progress": 85
      },
      {
        "name": "Business Insight Reporting",
        "description": "Writes the weekly narrative: what changed, why it matters, and what to do about it.",
        "progress": 85
      }
    ]
  },
  "technologies": {
    "items": [
      "SQL",
      "Python",
      "pandas",
      "BigQuery",
      "Looker",
      "Tableau",
      "Power BI",
      "Jupyter"
    ]
  }
}$data_analyst$::jsonb, '2026-12-01T00:00:00Z', null, '2026-12-01T00:00:00Z'),
('ml-engineer', $ml_engineer${
  "intro": {
    "headline": "From notebook to production model, continuously",
    "summary": "Jeremy takes machine learning from experiment to production. He learns your data, your serving constraints and your evaluation standards, then trains, ships and monitors models with the discipline of a top-2% ML team.",
    "videoLabel": "Jeremy training, evaluating and deploying a model"
  },
  "capabilities": {
    "items": [
      {
        "name": "Feature Engineering",
        "description": "Derives leak-free features from raw events and registers them for reuse across models.",
        "progress": 45
      },
      {
        "name": "Model Training & Tuning",
        "description": "Trains baselines first, then tunes hyperparameters within a budget you set.",
        "progress": 57
      },
      {
        "name": "Model Evaluation",
        "description": "Evaluates on held-out and sliced data, so a model that only works on average never ships.",
        "progress": 88
      },
      {
        "name": "MLOps & Deployment",
        "description": "Packages models behind versioned endpoints or batch jobs with safe, reversible rollouts.",
        "progress": 60
      },
      {
        "name": "Model Monitoring & Drift",
        "description": "Watches inputs, predictions and outcomes in production and raises retraining before accuracy slips.",
        "progress": 63
      },
      {
        "name": "Experiment Tracking",
        "description": "Records every run, dataset and metric so results are reproducible and comparable.",
        "progress": 50
      }
    ]
  },
  "technologies": {
    "items": [
      "Python",
      "PyTorch",
      "scikit-learn",
      "XGBoost",
      "MLflow",
      "Ray",
      "Kubernetes",
      "Weights & Biases"
    ]
  }
}$ml_engineer$::jsonb, '2026-12-01T00:00:00Z', null, '2026-12-01T00:00:00Z');
