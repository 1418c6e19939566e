-- Visitor analytics without a cookie or any identifier kept in the browser
-- (docs/decisions/160-cookieless-analytics-counted-on-the-server.md). The app
-- server counts page views in memory and hands them over in batches to
-- analytics_record, with each visitor's address and User-Agent; the database
-- turns those into a hash with a salt of the day and keeps only the hash. The
-- salts live here, are made by the day and deleted 48 hours after they were
-- made, so yesterday's hashes cannot be made again from an address. Raw hits
-- roll up into daily aggregates and are deleted after 30 days.
--
-- Only the service role (the app server's key) writes; team members read the
-- aggregates and the conversions, with their own token; nobody else sees any.

create table public.analytics_salts (
  day date primary key,
  salt bytea not null default decode(
    replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''),
    'hex'
  ),
  created_at timestamptz not null default now()
);

create table public.analytics_hits (
  at timestamptz not null default now(),
  -- hex SHA-256 of (salt of the day, site, address, User-Agent)
  visitor text not null,
  path text not null constraint analytics_hits_path_check check (length(path) <= 512),
  referrer_host text constraint analytics_hits_referrer_host_check check (length(referrer_host) <= 255),
  utm_source text constraint analytics_hits_utm_source_check check (length(utm_source) <= 100),
  utm_medium text constraint analytics_hits_utm_medium_check check (length(utm_medium) <= 100),
  utm_campaign text constraint analytics_hits_utm_campaign_check check (length(utm_campaign) <= 100),
  country text constraint analytics_hits_country_check check (country ~ '^[A-Z]{2}$'),
  device text constraint analytics_hits_device_check check (device in ('desktop', 'mobile', 'tablet')),
  -- The same view repeated within one batch from one machine is one row.
  views integer not null default 1 constraint analytics_hits_views_check check (views > 0)
);

create index analytics_hits_at_idx on public.analytics_hits (at);
create index analytics_hits_visitor_at_idx on public.analytics_hits (visitor, at);

-- One row per day, dimension and value: 'site' (value ''), 'page', 'post',
-- 'landing' (the first page of a visitor's day), 'referrer', 'utm_source',
-- 'utm_medium', 'utm_campaign', 'country', 'device'.
create table public.analytics_daily (
  day date not null,
  dimension text not null constraint analytics_daily_dimension_check check (
    dimension in ('site', 'page', 'post', 'landing', 'referrer', 'utm_source',
                  'utm_medium', 'utm_campaign', 'country', 'device')
  ),
  value text not null,
  views integer not null,
  visitors integer not null,
  primary key (day, dimension, value)
);

-- A form that was accepted, credited to the page its visitor arrived on that
-- day and the site that sent them there. Holds no visitor hash.
create table public.analytics_conversions (
  at timestamptz not null default now(),
  kind text not null constraint analytics_conversions_kind_check
    check (kind in ('contact', 'application', 'newsletter')),
  landing_path text not null constraint analytics_conversions_landing_path_check check (length(landing_path) <= 512),
  referrer_host text constraint analytics_conversions_referrer_host_check check (length(referrer_host) <= 255)
);

create index analytics_conversions_at_idx on public.analytics_conversions (at);

alter table public.analytics_salts enable row level security;
alter table public.analytics_hits enable row level security;
alter table public.analytics_daily enable row level security;
alter table public.analytics_conversions enable row level security;

revoke all on table public.analytics_salts, public.analytics_hits,
  public.analytics_daily, public.analytics_conversions from anon, authenticated;
grant all on table public.analytics_salts, public.analytics_hits,
  public.analytics_daily, public.analytics_conversions to service_role;
grant select on table public.analytics_daily, public.analytics_conversions to authenticated;

create policy "Team members read the daily aggregates"
  on public.analytics_daily for select to authenticated
  using ((select public.is_team_member()));

create policy "Team members read the conversions"
  on public.analytics_conversions for select to authenticated
  using ((select public.is_team_member()));

-- The salt of p_now's day (UTC), made when the day's first hit arrives.
create function public.analytics_salt(p_now timestamptz)
returns bytea
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_day date := (p_now at time zone 'utc')::date;
  v_salt bytea;
begin
  insert into public.analytics_salts (day, created_at)
  values (v_day, p_now)
  on conflict (day) do nothing;
  select s.salt into v_salt from public.analytics_salts s where s.day = v_day;
  return v_salt;
end;
$$;

create function public.analytics_visitor(p_salt bytea, p_site text, p_address text, p_user_agent text)
returns text
language sql
immutable
set search_path = ''
as $$
  select encode(
    sha256(p_salt || convert_to(concat_ws(E'\n', p_site, p_address, p_user_agent), 'UTF8')),
    'hex'
  );
$$;

-- One batch from one app machine: page views, then accepted forms (in that
-- order, so a visitor who lands and sends a form within one batch is
-- credited). Each element carries `address` and `user_agent`, hashed here
-- and never stored; a hit's other keys are analytics_hits' columns (views
-- 1 when left out), a
-- conversion's are `kind` and `form_path` (the form's own page, credited
-- when the visitor has no counted page that day).
create function public.analytics_record(
  p_site text,
  p_hits jsonb,
  p_conversions jsonb default '[]',
  p_now timestamptz default now()
)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_salt bytea := public.analytics_salt(p_now);
  v_day_start timestamptz := date_trunc('day', p_now at time zone 'utc') at time zone 'utc';
begin
  insert into public.analytics_hits
  select (jsonb_populate_record(
    null::public.analytics_hits,
    (h - 'address' - 'user_agent') || jsonb_build_object(
      'at', p_now,
      'views', coalesce((h ->> 'views')::integer, 1),
      'visitor', public.analytics_visitor(v_salt, p_site, h ->> 'address', h ->> 'user_agent')
    )
  )).*
  from jsonb_array_elements(p_hits) as h;

  insert into public.analytics_conversions
  select (jsonb_populate_record(
    null::public.analytics_conversions,
    jsonb_build_object(
      'at', p_now,
      'kind', c ->> 'kind',
      'landing_path', coalesce(first_hit.path, c ->> 'form_path'),
      'referrer_host', first_hit.referrer_host
    )
  )).*
  from jsonb_array_elements(p_conversions) as c
  left join lateral (
    select h.path, h.referrer_host
    from public.analytics_hits h
    where h.visitor = public.analytics_visitor(v_salt, p_site, c ->> 'address', c ->> 'user_agent')
      and h.at >= v_day_start
    order by h.at
    limit 1
  ) as first_hit on true;
end;
$$;

-- The schedule's work (pg_cron on a hosted project, the embedded server's
-- timer locally), with the clock as a parameter so a test can move it: make
-- the day's salt, delete salts made 48 hours or more before p_now, roll
-- yesterday's and today's hits up again (so a late batch is in), delete hits
-- older than 30 days.
create function public.analytics_rotate(p_now timestamptz default now())
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_from date := (p_now at time zone 'utc')::date - 1;
begin
  perform public.analytics_salt(p_now);
  delete from public.analytics_salts s where s.created_at <= p_now - interval '48 hours';

  delete from public.analytics_daily d where d.day >= v_from;
  insert into public.analytics_daily
  select hit.day, dim.dimension, dim.value, sum(hit.views)::integer, count(distinct hit.visitor)::integer
  from (
    select h.*, (h.at at time zone 'utc')::date as day,
      row_number() over (
        partition by (h.at at time zone 'utc')::date, h.visitor order by h.at
      ) = 1 as landed
    from public.analytics_hits h
    where h.at >= v_from::timestamp at time zone 'utc'
  ) as hit
  cross join lateral (values
    ('site', ''),
    ('page', hit.path),
    ('post', case when hit.path like '/blueprints/_%' then hit.path end),
    ('landing', case when hit.landed then hit.path end),
    ('referrer', hit.referrer_host),
    ('utm_source', hit.utm_source),
    ('utm_medium', hit.utm_medium),
    ('utm_campaign', hit.utm_campaign),
    ('country', hit.country),
    ('device', hit.device)
  ) as dim (dimension, value)
  where dim.value is not null
  group by hit.day, dim.dimension, dim.value;

  delete from public.analytics_hits h where h.at < p_now - interval '30 days';
end;
$$;

-- What the dashboard shows for a range: each dimension's values summed over
-- its days (visitors are summed per day, as a daily salt cannot tell one
-- day's visitor from another's), the most visited first, at most p_limit per
-- dimension; then conversions per landing page and kind. Runs as the caller,
-- so row-level security keeps it to team members.
create function public.analytics_totals(p_from date, p_to date, p_limit integer default 20)
returns table (dimension text, value text, views bigint, visitors bigint)
language sql
stable
security invoker
set search_path = ''
as $$
  select ranked.dimension, ranked.value, ranked.views, ranked.visitors
  from (
    select summed.*, row_number() over (
      partition by summed.dimension order by summed.visitors desc, summed.views desc, summed.value
    ) as rank
    from (
      select d.dimension, d.value, sum(d.views) as views, sum(d.visitors) as visitors
      from public.analytics_daily d
      where d.day between p_from and p_to
      group by d.dimension, d.value
      union all
      select 'conversion_' || c.kind, c.landing_path, count(*), 0
      from public.analytics_conversions c
      where c.at >= p_from::timestamp at time zone 'utc'
        and c.at < (p_to + 1)::timestamp at time zone 'utc'
      group by c.kind, c.landing_path
    ) as summed
  ) as ranked
  where ranked.rank <= p_limit
  order by ranked.dimension, ranked.rank;
$$;

revoke execute on function public.analytics_salt(timestamptz) from public, anon, authenticated;
revoke execute on function public.analytics_visitor(bytea, text, text, text) from public, anon, authenticated;
revoke execute on function public.analytics_record(text, jsonb, jsonb, timestamptz) from public, anon, authenticated;
revoke execute on function public.analytics_rotate(timestamptz) from public, anon, authenticated;
revoke execute on function public.analytics_totals(date, date, integer) from public, anon;
grant execute on function public.analytics_salt(timestamptz) to service_role;
grant execute on function public.analytics_visitor(bytea, text, text, text) to service_role;
grant execute on function public.analytics_record(text, jsonb, jsonb, timestamptz) to service_role;
grant execute on function public.analytics_rotate(timestamptz) to service_role;
grant execute on function public.analytics_totals(date, date, integer) to authenticated, service_role;

-- The schedule on a hosted project: every five minutes. A database without
-- pg_cron (the embedded one) skips this; its server runs the function on the
-- same schedule itself (supabase/local/analytics-schedule.ts).
do $schedule$
begin
  if exists (select 1 from pg_available_extensions where name = 'pg_cron') then
    create extension if not exists pg_cron;
    perform cron.schedule('analytics-rotate', '*/5 * * * *', 'select public.analytics_rotate()');
  end if;
end;
$schedule$;
