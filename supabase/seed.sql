-- Demo content for LOCAL use only: `supabase db reset` runs this file after the
-- migrations, and so does the embedded server in supabase/local on a fresh data
-- directory. Never run it against a project that holds real users.
--
-- Demo accounts (fixed ids so tests can refer to them):
--   admin@example.com   a0000000-0000-4000-8000-000000000001  team member, author
--   author@example.com  a0000000-0000-4000-8000-000000000002  platform user, author
--   reader@example.com  a0000000-0000-4000-8000-000000000003  platform user, not an author
-- Password: 'demo-password', or the value of the setting app.demo_password when
-- the runner sets it (the embedded server sets it from LOCAL_DEMO_PASSWORD).
-- Users are created the way the Supabase CLI seed examples do: bcrypt hashes
-- from pgcrypto in the extensions schema, and an e-mail identity per user.

insert into auth.users (
  instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
  raw_app_meta_data, raw_user_meta_data, created_at, updated_at, last_sign_in_at,
  confirmation_token, recovery_token, email_change, email_change_token_new
)
select
  '00000000-0000-0000-0000-000000000000',
  demo.id,
  'authenticated',
  'authenticated',
  demo.email,
  extensions.crypt(
    coalesce(nullif(current_setting('app.demo_password', true), ''), 'demo-password'),
    extensions.gen_salt('bf', 10)
  ),
  now(),
  '{"provider": "email", "providers": ["email"]}'::jsonb,
  '{}'::jsonb,
  now(),
  now(),
  null,
  '', '', '', ''
from (values
  ('a0000000-0000-4000-8000-000000000001'::uuid, 'admin@example.com'),
  ('a0000000-0000-4000-8000-000000000002'::uuid, 'author@example.com'),
  ('a0000000-0000-4000-8000-000000000003'::uuid, 'reader@example.com')
) as demo (id, email)
on conflict (id) do nothing;

insert into auth.identities (
  provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at
)
select
  u.id::text,
  u.id,
  jsonb_build_object(
    'sub', u.id::text, 'email', u.email, 'email_verified', true, 'phone_verified', false
  ),
  'email',
  null,
  now(),
  now()
from auth.users u
where u.id in (
  'a0000000-0000-4000-8000-000000000001',
  'a0000000-0000-4000-8000-000000000002',
  'a0000000-0000-4000-8000-000000000003'
)
on conflict (provider_id, provider) do nothing;

insert into public.team_members (id)
values ('a0000000-0000-4000-8000-000000000001')
on conflict (id) do nothing;

insert into public.platform_users (id, username, email, is_author)
values
  ('a0000000-0000-4000-8000-000000000001', '', 'admin@example.com', true),
  ('a0000000-0000-4000-8000-000000000002', 'Ada Author', 'author@example.com', true),
  ('a0000000-0000-4000-8000-000000000003', 'Riley Reader', 'reader@example.com', false)
on conflict (id) do nothing;

-- Posts: bodies are HTML as the editor produces it (and as the sanitizer keeps
-- it); covers are small SVGs shipped in public/blog/.
insert into public.blog_posts (id, title, excerpt, content, cover_image_url, cover_alt, author_id, published, created_at, updated_at)
values
(
  'b0000000-0000-4000-8000-000000000001',
  'Continuously Learning AI Agents: Why Static Models Fall Behind',
  'A model trained once starts ageing the day it ships. Agents that learn from every review, incident and playbook keep pace with the organisation instead.',
  $html$<h2>The half-life of a trained model</h2>
<p>Most enterprise AI projects still follow a waterfall rhythm: collect data, train, evaluate, deploy, and then wait months for the next cycle. Meanwhile the business moves on. Schemas change, a new product line launches, the finance team redefines <em>active customer</em>. The model does not notice.</p>
<p>A <strong>continuously learning agent</strong> treats every interaction as training signal. When a reviewer corrects a pipeline, when an incident post-mortem names a root cause, when a senior engineer rewrites a query for speed, the agent records what changed and why.</p>
<h2>What the agent actually learns</h2>
<ul>
<li><strong>Organisational knowledge</strong>: table ownership, naming conventions, which dashboards executives really open.</li>
<li><strong>Expert playbooks</strong>: how the top engineers structure migrations, tests and rollbacks.</li>
<li><strong>Failure patterns</strong>: the late-arriving files and silent nulls that broke things before.</li>
</ul>
<p>This knowledge lives in an organisational wiki the agent maintains and cites, so every suggestion can be traced back to the review or document it came from.</p>
<h2>Shipping on the stack you already run</h2>
<p>Learning is only useful if it turns into shipped work. Our agents open pull requests against your existing repositories, run in your CI and respect your review rules. Nothing needs to be migrated to a new platform first.</p>
<p>Curious what that looks like for your team? Browse the <a href="/blueprint-showcase">blueprint showcase</a> or <a href="/contact-us">request a demo</a>.</p>$html$,
  '/blog/cover-learning-agents.svg',
  'Three agents learning in a loop around a shared knowledge core',
  'a0000000-0000-4000-8000-000000000001',
  true,
  '2026-06-09 09:30:00+00',
  '2026-06-09 09:30:00+00'
),
(
  'b0000000-0000-4000-8000-000000000002',
  'A Data Engineering Blueprint for the Modern Lakehouse',
  'Ingestion, modelling, testing and lineage as one repeatable blueprint: the layout our data engineer agent Peter starts from on every new estate.',
  $html$<h2>Start from a layout, not a blank page</h2>
<p>Every data platform eventually grows the same layers. Teams that name them early save months of untangling later. The blueprint Peter applies on day one has four:</p>
<ul>
<li><strong>Raw</strong>: files and change streams landed exactly as received, immutable and partitioned by load date.</li>
<li><strong>Staged</strong>: typed, deduplicated and renamed to house conventions, one model per source table.</li>
<li><strong>Core</strong>: conformed entities such as customer, order and subscription, with documented keys.</li>
<li><strong>Marts</strong>: the narrow, fast tables that dashboards and models read.</li>
</ul>
<h2>Tests are part of the pipeline</h2>
<p>Each model ships with uniqueness, not-null and freshness checks, plus reconciliation counts against the source. A failed check blocks promotion to the next layer, so a broken feed never reaches a board report.</p>
<h2>Lineage you can read</h2>
<p>Because every transformation is code in version control, lineage falls out for free. The agent renders it per column, which turns <em>where does this number come from?</em> from a week of archaeology into a click.</p>
<p>Read the <a href="https://en.wikipedia.org/wiki/Data_lineage" target="_blank" rel="noopener noreferrer">background on data lineage</a>, or see how the same layout powers our <a href="/agents/data-engineer">data engineer agent</a>.</p>$html$,
  '/blog/cover-data-engineering.svg',
  'Four stacked data layers, raw to marts, connected by flowing pipelines',
  'a0000000-0000-4000-8000-000000000002',
  true,
  '2026-07-14 08:00:00+00',
  '2026-07-16 13:45:00+00'
),
(
  'b0000000-0000-4000-8000-000000000003',
  'Churn Prediction in Three Weeks, Not Nine Months',
  'How a subscription business went from a spreadsheet of cancellations to a scored, monitored churn model in production within three weeks.',
  $html$<h2>The problem</h2>
<p>A subscription company knew roughly how many customers left each month, but not <em>who</em> was about to. Retention offers went out in bulk, and most of the budget reached customers who were never going to cancel.</p>
<h2>The three-week plan</h2>
<ol>
<li><strong>Week one</strong>: assemble a customer timeline from billing, product usage and support tickets, with a clean definition of churn agreed with finance.</li>
<li><strong>Week two</strong>: train gradient-boosted models on rolling windows, calibrate the scores and explain them with per-customer drivers.</li>
<li><strong>Week three</strong>: schedule daily scoring, push scores to the CRM and add drift monitoring.</li>
</ol>
<h2>What made it fast</h2>
<p>None of these steps is novel. The speed came from starting with the <strong>churn prediction blueprint</strong>: the feature catalogue, validation scheme and monitoring were already written and reviewed, so the team spent its time on the parts that were genuinely specific to the business.</p>
<p>The retention team now targets the top decile of risk, and the model retrains itself as new cancellations arrive. See the full list of <a href="/blueprint-showcase">pre-built blueprints</a>.</p>$html$,
  '/blog/cover-churn.svg',
  'A row of customers with a risk curve, one customer drifting away',
  'a0000000-0000-4000-8000-000000000002',
  true,
  '2026-08-05 10:15:00+00',
  '2026-08-05 10:15:00+00'
),
(
  'b0000000-0000-4000-8000-000000000004',
  'KPI Orchestration: One Definition of Revenue',
  'When sales, finance and product each compute revenue differently, every meeting starts with a reconciliation. A single orchestrated KPI layer ends that.',
  $html$<h2>Three numbers for one metric</h2>
<p>Ask three departments for last quarter's revenue and you will often get three answers. Each is defensible; none is shared. The cost is not the discrepancy itself but the hours spent explaining it.</p>
<h2>Metrics as code</h2>
<p>KPI orchestration moves metric definitions out of individual dashboards and into one versioned layer:</p>
<ul>
<li>each KPI has an owner, a formula, a grain and a list of allowed dimensions;</li>
<li>changes go through review like any other code, with the diff visible to everyone who depends on it;</li>
<li>dashboards, notebooks and agents all query the same definitions.</li>
</ul>
<h2>Orchestration, not just definition</h2>
<p>Definitions alone are not enough. The orchestrator knows which upstream tables each KPI depends on, refreshes them in order and <strong>refuses to publish a number whose inputs failed their checks</strong>. A late file delays the metric instead of silently shrinking it.</p>
<p>Our data analyst agent <a href="/agents/data-analyst">Zara</a> maintains this layer and flags definitions that drift apart.</p>$html$,
  '/blog/cover-kpi.svg',
  'Several metric sources converging into a single KPI gauge',
  'a0000000-0000-4000-8000-000000000001',
  true,
  '2026-09-02 14:00:00+00',
  '2026-09-02 14:00:00+00'
),
(
  'b0000000-0000-4000-8000-000000000005',
  'Data Quality Engines that Fix Problems Before Dashboards Break',
  'Detect, quarantine and explain bad records at ingestion time, so the first person to notice a data problem is never the CFO.',
  $html$<h2>Quality is a pipeline stage</h2>
<p>Data quality is usually handled after the fact: somebody spots a strange chart, files a ticket and an engineer spends a day tracing it back. A <strong>data quality engine</strong> moves those checks to the moment data arrives.</p>
<h2>Four kinds of checks</h2>
<ul>
<li><strong>Schema</strong>: new, missing or retyped columns.</li>
<li><strong>Validity</strong>: values outside allowed ranges or formats, such as negative quantities or malformed e-mail addresses.</li>
<li><strong>Consistency</strong>: orders without customers, refunds larger than the original payment.</li>
<li><strong>Volume and freshness</strong>: a feed that is late, empty or suddenly ten times larger.</li>
</ul>
<h2>Quarantine instead of failure</h2>
<p>Failing records are moved to a quarantine table with the reason attached, and the clean remainder flows on. Owners get one grouped alert per incident rather than thousands of row-level errors.</p>
<p>Over time the engine learns which rules matter: thresholds adapt to seasonality, and fixes that reviewers accept become new rules. Pair it with <a href="/blueprints?tag=Data%20Engineering">our data engineering blueprints</a> for end-to-end coverage.</p>$html$,
  '/blog/cover-data-quality.svg',
  'A grid of data records being checked, one flagged and set aside',
  'a0000000-0000-4000-8000-000000000002',
  true,
  '2026-10-07 07:45:00+00',
  '2026-10-09 16:20:00+00'
),
(
  'b0000000-0000-4000-8000-000000000006',
  'On-Premise AI Agents Without the Nine-Month Project',
  'Full data control does not have to mean a year-long rollout. What an on-premise deployment of learning agents involves, step by step.',
  $html$<h2>Why on-premise</h2>
<p>Regulated industries often cannot send source code or customer data to a third-party cloud. For them the question is not whether to run AI agents in their own environment but how long it takes to get there.</p>
<h2>The deployment, week by week</h2>
<ol>
<li><strong>Week one</strong>: infrastructure review, network boundaries and identity integration with your existing single sign-on.</li>
<li><strong>Week two</strong>: install the agent runtime in your cluster, connect read-only access to repositories and the warehouse.</li>
<li><strong>Week three</strong>: first blueprints running against real workloads, with every change going through your normal review.</li>
</ol>
<h2>What stays with you</h2>
<ul>
<li>All code, data and the learned organisational wiki remain inside your perimeter.</li>
<li>Unlimited users and environments under one licence, with no seat fees.</li>
<li>An optional forward-deployed engineer who works alongside your team during rollout.</li>
</ul>
<p>Compare this with the <strong>dedicated SaaS</strong> option, or <a href="/contact-us">talk to us</a> about which fits your compliance needs.</p>$html$,
  '/blog/cover-on-prem.svg',
  'Server racks inside a protective perimeter, with agents running on premises',
  'a0000000-0000-4000-8000-000000000001',
  true,
  '2026-10-28 11:00:00+00',
  '2026-10-28 11:00:00+00'
),
(
  'b0000000-0000-4000-8000-000000000007',
  'Anomaly Detection for Live Dashboards',
  'Seasonal baselines, not fixed thresholds: how our agents decide which spikes deserve a page and which are just Monday.',
  $html$<h2>Fixed thresholds cry wolf</h2>
<p>An alert that fires whenever orders drop below a fixed number will wake someone every Sunday night. Teams learn to ignore it, and then miss the drop that matters.</p>
<h2>Baselines that know the calendar</h2>
<p>Our anomaly detection blueprint models each metric against its own history, with weekly and yearly seasonality and known events such as public holidays. An alert fires only when a value leaves its expected band <strong>and</strong> stays out long enough to matter.</p>
<ul>
<li>Every alert links to the dashboard and the upstream tables involved.</li>
<li>Reviewers mark alerts as useful or noise, and the agent tunes the bands accordingly.</li>
</ul>
<p>See it alongside our <a href="/blueprint-showcase">other blueprints</a>.</p>$html$,
  null,
  null,
  'a0000000-0000-4000-8000-000000000002',
  true,
  '2026-11-12 09:00:00+00',
  '2026-11-12 09:00:00+00'
)
on conflict (id) do nothing;

insert into public.tags (name)
values
  ('AI Agents'), ('Continuous Learning'), ('Enterprise AI'), ('Data Engineering'),
  ('Blueprints'), ('Churn Prediction'), ('Machine Learning'), ('KPI Orchestration'),
  ('Analytics'), ('Data Quality'), ('On-Premise'), ('Anomaly Detection')
on conflict (name) do nothing;

insert into public.post_tags (post_id, tag_id)
select links.post_id, t.id
from (values
  ('b0000000-0000-4000-8000-000000000001'::uuid, 'AI Agents'),
  ('b0000000-0000-4000-8000-000000000001'::uuid, 'Continuous Learning'),
  ('b0000000-0000-4000-8000-000000000001'::uuid, 'Enterprise AI'),
  ('b0000000-0000-4000-8000-000000000002'::uuid, 'Data Engineering'),
  ('b0000000-0000-4000-8000-000000000002'::uuid, 'Blueprints'),
  ('b0000000-0000-4000-8000-000000000003'::uuid, 'Churn Prediction'),
  ('b0000000-0000-4000-8000-000000000003'::uuid, 'Machine Learning'),
  ('b0000000-0000-4000-8000-000000000003'::uuid, 'Blueprints'),
  ('b0000000-0000-4000-8000-000000000004'::uuid, 'KPI Orchestration'),
  ('b0000000-0000-4000-8000-000000000004'::uuid, 'Analytics'),
  ('b0000000-0000-4000-8000-000000000004'::uuid, 'Blueprints'),
  ('b0000000-0000-4000-8000-000000000005'::uuid, 'Data Quality'),
  ('b0000000-0000-4000-8000-000000000005'::uuid, 'Data Engineering'),
  ('b0000000-0000-4000-8000-000000000006'::uuid, 'On-Premise'),
  ('b0000000-0000-4000-8000-000000000006'::uuid, 'Enterprise AI'),
  ('b0000000-0000-4000-8000-000000000006'::uuid, 'AI Agents'),
  ('b0000000-0000-4000-8000-000000000007'::uuid, 'Anomaly Detection'),
  ('b0000000-0000-4000-8000-000000000007'::uuid, 'Analytics'),
  ('b0000000-0000-4000-8000-000000000007'::uuid, 'Machine Learning')
) as links (post_id, tag_name)
join public.tags t on t.name = links.tag_name
on conflict do nothing;
