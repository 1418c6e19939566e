-- Pages as content (docs/decisions/200-pages-as-content.md): every version
-- of a page the team edits is a row, never changed once written. The public
-- page is the newest version whose publication time has come, by the
-- database's clock (a scheduled version publishes itself); a version without
-- one is a draft; the rows of a page are its revisions. The words the site
-- had in its code are each page's first published version, so production and
-- a fresh data directory read as before.

-- The top-level keys of each page's JSON, sorted: the sections of its content
-- type (app/routes/pages/page-types.ts, whose test compares them). A page key
-- not named here cannot be stored. Adding a page or a section is a
-- `create or replace` of this function in a new migration.
create function public.page_content_keys(p_key text)
returns text[]
language sql
immutable
set search_path = ''
as $$
  select case p_key
    when 'home' then array['closingCta', 'deployment', 'hero', 'howItWorks', 'results', 'summary', 'teaser']
    when 'company' then array['hero', 'join', 'mission', 'values']
  end;
$$;

-- The shape Postgres can check of a page's JSON: an object whose keys are its
-- type's sections, each an object. The fields inside are the server's schema
-- to check, on every write and every read.
create function public.page_content_has_shape(p_key text, p_content jsonb)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select jsonb_typeof(p_content) = 'object'
    and public.page_content_keys(p_key) is not null
    and array(select k from jsonb_object_keys(p_content) as k order by k collate "C")
      = array(select k from unnest(public.page_content_keys(p_key)) as k order by k collate "C")
    and not exists (
      select 1 from jsonb_each(p_content) as e where jsonb_typeof(e.value) <> 'object'
    );
$$;

create table public.page_versions (
  id bigint generated always as identity primary key,
  page_key text not null,
  content jsonb not null,
  -- Null: a draft. In the future: scheduled. Otherwise published.
  published_at timestamptz,
  created_by uuid default auth.uid() references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  constraint page_versions_shape check (public.page_content_has_shape(page_key, content)),
  constraint page_versions_size check (octet_length(content::text) <= 200000)
);

create index page_versions_page_key_idx on public.page_versions (page_key, id desc);
create index page_versions_published_idx on public.page_versions (page_key, published_at desc, id desc)
  where published_at is not null;
create index page_versions_created_by_idx on public.page_versions (created_by);

alter table public.page_versions enable row level security;

revoke all on table public.page_versions from anon, authenticated;
grant select on table public.page_versions to anon, authenticated;
-- Who wrote a version and when are the database's.
grant insert (page_key, content, published_at) on table public.page_versions to authenticated;
grant all on table public.page_versions to service_role;

-- One policy per role: visitors signed out may not ask about membership.
create policy "page versions: visitors read published ones"
  on public.page_versions for select
  to anon
  using (published_at <= now());

create policy "page versions: users read published ones, editors all"
  on public.page_versions for select
  to authenticated
  using (published_at <= now() or (select private.may('pages')));

create policy "page versions: editors add, as themselves"
  on public.page_versions for insert
  to authenticated
  with check ((select private.may('pages')) and created_by = (select auth.uid()));

-- Saves a version of a page unless another was saved since the one the editor
-- started from (p_base, the newest version's id it saw): then nothing is
-- written and the answer is null (decision 133, as for posts). p_publish_now
-- publishes it at the database's now; otherwise p_published_at (null: a
-- draft). Runs as the caller, so the table's policies decide.
create function public.save_page_version(
  p_key text,
  p_content jsonb,
  p_base bigint,
  p_publish_now boolean default false,
  p_published_at timestamptz default null
)
returns bigint
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_id bigint;
begin
  perform pg_advisory_xact_lock(hashtextextended('page_versions:' || p_key, 0));
  if (select max(v.id) from public.page_versions v where v.page_key = p_key)
    is distinct from p_base
  then
    return null;
  end if;
  insert into public.page_versions (page_key, content, published_at)
  values (
    p_key,
    p_content,
    case when p_publish_now then now() else p_published_at end
  )
  returning id into v_id;
  return v_id;
end;
$$;

revoke all on function public.save_page_version(text, jsonb, bigint, boolean, timestamptz) from public, anon;
grant execute on function public.save_page_version(text, jsonb, bigint, boolean, timestamptz) to authenticated;

-- When a page next changes by itself: its first scheduled version, so no
-- public answer is cached past it. Runs as its owner because visitors may not
-- read scheduled versions; it tells them only when, never what.
create function public.page_next_publication(p_key text)
returns timestamptz
language sql
stable
security definer
set search_path = ''
as $$
  select min(v.published_at)
  from public.page_versions v
  where v.page_key = p_key and v.published_at > now();
$$;

revoke all on function public.page_next_publication(text) from public;
grant execute on function public.page_next_publication(text) to anon, authenticated, service_role;

-- Preview links to a version (as for posts, decision 131): only the SHA-256
-- of the token is stored, for seven days.
create table public.page_preview_links (
  id uuid primary key default gen_random_uuid(),
  version_id bigint not null references public.page_versions (id) on delete cascade,
  token_hash text not null unique
    constraint page_preview_links_token_hash_shape check (token_hash ~ '^[0-9a-f]{64}$'),
  created_by uuid not null default auth.uid() references auth.users (id) on delete cascade,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null default now() + interval '7 days',
  constraint page_preview_links_lifetime check (expires_at <= created_at + interval '7 days')
);

create index page_preview_links_version_id_idx on public.page_preview_links (version_id);
create index page_preview_links_created_by_idx on public.page_preview_links (created_by);

alter table public.page_preview_links enable row level security;

revoke all on table public.page_preview_links from anon, authenticated;
grant select on table public.page_preview_links to authenticated;
grant insert (version_id, token_hash) on table public.page_preview_links to authenticated;
grant all on table public.page_preview_links to service_role;

create policy "page preview links: editors read"
  on public.page_preview_links for select
  to authenticated
  using ((select private.may('pages')));

create policy "page preview links: editors create, as themselves"
  on public.page_preview_links for insert
  to authenticated
  with check ((select private.may('pages')) and created_by = (select auth.uid()));

-- The version a preview link opens, or nothing when the token names no link
-- or its link expired. Runs as its owner: anyone holding the link may read
-- the draft, which the table's policies would not allow.
create function public.page_by_preview_token(p_token text)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'page_key', v.page_key,
    'content', v.content,
    'published_at', v.published_at,
    'expires_at', l.expires_at
  )
  from public.page_preview_links l
  join public.page_versions v on v.id = l.version_id
  where l.token_hash = encode(sha256(convert_to(coalesce(p_token, ''), 'UTF8')), 'hex')
    and l.expires_at > now();
$$;

revoke all on function public.page_by_preview_token(text) from public;
grant execute on function public.page_by_preview_token(text) to anon, authenticated, service_role;

-- The words the pages had in their code (app/content), published from the
-- start.
insert into public.page_versions (page_key, content, published_at, created_by, created_at)
values ('home', $home${
  "hero": {
    "badge": "Organizational Superintelligence",
    "headline": "Continuous Learning. Continuous Shipping",
    "text": "AI agents that learn your organizational knowledge and expert playbooks, then ship on your existing stack.",
    "checklist": [
      "Organizational Wiki",
      "Top-2% Engineering Playbooks",
      "Enterprise Ready",
      "AI Autonomous Exploration"
    ],
    "startNow": "Start Now",
    "secondary": {
      "label": "See the results",
      "href": "#results"
    },
    "backing": {
      "src": "/images/yc-badge.svg",
      "alt": "Backed by Y Combinator",
      "decorative": false
    },
    "clusterLabel": "Meet the agents",
    "liveStatus": "Online"
  },
  "howItWorks": {
    "eyebrow": "How it works",
    "title": "Agents that get better every week they work for you",
    "steps": [
      {
        "icon": "bulb",
        "title": "Learn your organization",
        "text": "Agents read your code, tickets, docs and data catalogues and build an Organizational Wiki that captures how your company really works."
      },
      {
        "icon": "sparkles",
        "title": "Apply expert playbooks",
        "text": "Every task follows the engineering playbooks of the top 2% of practitioners, from design reviews to testing and rollout."
      },
      {
        "icon": "arrow-right",
        "title": "Ship on your stack",
        "text": "Work arrives as reviewed pull requests, pipelines and dashboards in the tools you already use. No migration, no new platform to learn."
      }
    ]
  },
  "results": {
    "eyebrow": "Results",
    "title": "Measured in shipped work, not demos",
    "items": [
      {
        "value": "40x",
        "label": "ROI",
        "detail": "Return on investment measured across production deployments."
      },
      {
        "value": "2x",
        "label": "output at half the cost",
        "detail": "Twice the delivered work for half the spend of a traditional team."
      },
      {
        "value": "3 weeks",
        "label": "instead of 9 months",
        "detail": "Deployment is 97% faster than a typical in-house build."
      },
      {
        "value": "93%",
        "label": "backlog cut",
        "detail": "A data team's backlog went from 42 items to 3."
      },
      {
        "value": "1B pounds",
        "label": "portfolio validation",
        "detail": "Validated in portfolio companies worth over 1B pounds."
      },
      {
        "value": "Top 2%",
        "label": "engineering playbooks",
        "detail": "Agents work to the standards of the top 2% of engineers."
      }
    ]
  },
  "deployment": {
    "eyebrow": "Deployment",
    "title": "Your infrastructure, your choice",
    "intro": "Run the agents as a dedicated platform we operate for you, or inside your own environment with full control.",
    "options": [
      {
        "icon": "cloud",
        "name": "Dedicated SaaS Platform",
        "summary": "A single-tenant platform, operated and updated by us.",
        "points": [
          "Annual blueprint subscriptions",
          "Pooled AI credit bank",
          "Usage tracking",
          "Unlimited users",
          "No seat fees",
          "Automatic updates"
        ]
      },
      {
        "icon": "server",
        "name": "On-Premise Licence",
        "summary": "The whole platform inside your own infrastructure.",
        "points": [
          "Full data control",
          "Compliance support",
          "Unlimited users and environments",
          "Optional forward-deployed engineer"
        ]
      }
    ]
  },
  "teaser": {
    "eyebrow": "Blueprints",
    "title": "Start from a proven blueprint",
    "text": "Pre-built blueprints package complete solutions, from churn prediction to real-time analytics, that your agents adapt to your data.",
    "link": {
      "label": "Explore the blueprint showcase",
      "href": "/blueprint-showcase"
    }
  },
  "closingCta": {
    "title": "Ready to meet your new data team?",
    "text": "See how Recursa agents learn your organization and ship their first improvements in weeks.",
    "button": {
      "label": "Request Demo",
      "href": "/contact-us"
    }
  },
  "summary": {
    "heading": "About the Recursa platform",
    "platform": "Recursa is an Organizational Superintelligence platform of continuously learning AI agents. The agents learn your organizational knowledge and the engineering playbooks of the top 2% of experts, explore autonomously, and ship on your existing stack. The team includes Peter, a data engineer; Zara, a data analyst; and Jeremy, an ML engineer.",
    "blueprintsHeading": "Twelve pre-built blueprints",
    "deploymentHeading": "Deployment options",
    "resultsHeading": "Results"
  }
}$home$::jsonb, '2026-12-01T00:00:00Z', null, '2026-12-01T00:00:00Z'),
  ('company', $company${
  "hero": {
    "eyebrow": "About Recursa",
    "title": "Building the Future of AI",
    "text": "We build AI agents that learn the way great engineers do: continuously, from experience, and in the open."
  },
  "mission": {
    "heading": "Our Mission",
    "paragraphs": [
      "Recursa was founded in 2024 to give every organization a superintelligence of its own. Our agents learn an organization's knowledge and the playbooks of its best experts, then put that knowledge to work on real systems, shipping improvements every week instead of every quarter.",
      "We believe the most valuable AI is not the one that knows the most about the world, but the one that understands your company best and keeps learning from every task it completes."
    ]
  },
  "values": {
    "heading": "Our Values",
    "intro": "The principles behind every agent we build and every decision we make.",
    "items": [
      {
        "name": "Mastery",
        "icon": "target",
        "description": "We hold ourselves to the standard of the best engineers in the world and keep practising until the hard things look easy.",
        "quote": {
          "text": "",
          "author": ""
        }
      },
      {
        "name": "Compassion",
        "icon": "heart",
        "description": "We build for people. We listen to customers and colleagues with care, and we assume good intent.",
        "quote": {
          "text": "",
          "author": ""
        }
      },
      {
        "name": "Constructive",
        "icon": "bulb",
        "description": "We criticise ideas, never people, and every critique comes with a way forward.",
        "quote": {
          "text": "",
          "author": ""
        }
      },
      {
        "name": "Transparency",
        "icon": "eye",
        "description": "We share context, decisions and mistakes openly, so everyone can do their best work with the full picture.",
        "quote": {
          "text": "",
          "author": ""
        }
      },
      {
        "name": "Science First",
        "icon": "flask",
        "description": "We form hypotheses, run experiments and let the evidence decide, even when it disagrees with us.",
        "quote": {
          "text": "It doesn't matter how beautiful your theory is, it doesn't matter how smart you are. If it doesn't agree with experiment, it's wrong.",
          "author": "Richard Feynman"
        }
      },
      {
        "name": "Honesty",
        "icon": "scale",
        "description": "We say what we know, admit what we don't, and never overstate what our agents can do.",
        "quote": {
          "text": "",
          "author": ""
        }
      }
    ]
  },
  "join": {
    "heading": "Join Our Journey",
    "text": "We are a small team of researchers and engineers working on one of the most interesting problems in AI. Come build it with us, or tell us what you would like our agents to learn.",
    "careers": {
      "label": "View Careers",
      "href": "/careers"
    },
    "contact": {
      "label": "Get in Touch",
      "href": "/company?contact=1#get-in-touch"
    }
  }
}$company$::jsonb, '2026-12-01T00:00:00Z', null, '2026-12-01T00:00:00Z');
