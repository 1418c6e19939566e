-- Analytics whose reads cost what the dashboard shows, not what the year
-- holds (docs/decisions/190-analytics-rolled-up-by-period.md).
--
-- - analytics_live: the open days (today, and yesterday until the schedule
--   closes it), one row per day, dimension and value, kept current by every
--   batch analytics_record takes: the dashboard's today is the last flush.
-- - analytics_rollups: closed days, and the weeks and months made of them,
--   each period holding at most the top 100 values of a dimension plus one
--   "other" row (value '') with the rest, so a year is about as many rows as
--   a month.
-- - analytics_post_days: each post's views by day, keyed by the post, read
--   from an author's own posts (their list on /write); the dashboard's top
--   posts are its top pages that are posts, so nothing repeats page rows.
--
-- analytics_daily goes; its rows become closed days (its `post` rows become
-- analytics_post_days), and the last two days are counted again from the
-- hits.

create schema if not exists private;
revoke all on schema private from public, anon, authenticated;

create table public.analytics_live (
  day date not null,
  dimension text not null constraint analytics_live_dimension_check check (
    dimension in ('site', 'page', 'landing', 'referrer', 'utm_source',
                  'utm_medium', 'utm_campaign', 'country', 'device')
  ),
  value text not null,
  views integer not null,
  visitors integer not null,
  primary key (day, dimension, value)
);

create table public.analytics_rollups (
  period text not null constraint analytics_rollups_period_check
    check (period in ('day', 'week', 'month')),
  -- A day, a Monday or the first of a month (UTC).
  start date not null,
  dimension text not null constraint analytics_rollups_dimension_check check (
    dimension in ('site', 'page', 'landing', 'referrer', 'utm_source',
                  'utm_medium', 'utm_campaign', 'country', 'device')
  ),
  -- '' is the site's total (dimension 'site') or the values past the top 100.
  value text not null,
  views integer not null,
  visitors integer not null,
  -- Every read names its period, its dimensions and a range of starts.
  primary key (period, dimension, start, value) include (views, visitors)
);

create table public.analytics_post_days (
  post_id uuid not null,
  day date not null,
  views integer not null,
  visitors integer not null,
  primary key (post_id, day)
);

alter table public.analytics_live enable row level security;
alter table public.analytics_rollups enable row level security;
alter table public.analytics_post_days enable row level security;

revoke all on table public.analytics_live, public.analytics_rollups,
  public.analytics_post_days from anon, authenticated;
grant all on table public.analytics_live, public.analytics_rollups,
  public.analytics_post_days to service_role;
grant select on table public.analytics_live, public.analytics_rollups,
  public.analytics_post_days to authenticated;

create policy "Team members read the open days"
  on public.analytics_live for select to authenticated
  using ((select public.is_team_member()));

create policy "Team members read the rolled-up periods"
  on public.analytics_rollups for select to authenticated
  using ((select public.is_team_member()));

create policy "The team, and an author for their own posts, read post views"
  on public.analytics_post_days for select to authenticated
  using (
    (select public.is_team_member())
    or ((select public.is_author()) and post_id in (
      select p.id from public.blog_posts p where p.author_id = (select auth.uid())
    ))
  );

-- The dimensions a hit counts under, but for its landing page (which depends
-- on the visitor's earlier hits that day).
create function private.analytics_values(
  p_path text, p_referrer_host text, p_utm_source text, p_utm_medium text,
  p_utm_campaign text, p_country text, p_device text
)
returns table (dimension text, value text)
language sql
immutable
set search_path = ''
as $$
  select v.dimension, v.value
  from (values
    ('site', ''),
    ('page', p_path),
    ('referrer', p_referrer_host),
    ('utm_source', p_utm_source),
    ('utm_medium', p_utm_medium),
    ('utm_campaign', p_utm_campaign),
    ('country', p_country),
    ('device', p_device)
  ) as v (dimension, value)
  where v.value is not null;
$$;

-- One batch from one app machine, as before: page views, then accepted
-- forms. Each batch also adds to its day's analytics_live (views, and a
-- visitor wherever it is new to that value that day) and to its posts'
-- analytics_post_days, so the dashboard's today is as fresh as the last
-- flush. Batches take turns, so "new that day" is decided against every
-- batch before it.
create or replace function public.analytics_record(
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
  v_day date := (p_now at time zone 'utc')::date;
  v_day_start timestamptz := (p_now at time zone 'utc')::date::timestamp at time zone 'utc';
begin
  perform pg_advisory_xact_lock(hashtext('public.analytics_record'));

  with batch as (
    select b.ord, (jsonb_populate_record(
      null::public.analytics_hits,
      (b.h - 'address' - 'user_agent') || jsonb_build_object(
        'at', p_now,
        'views', coalesce((b.h ->> 'views')::integer, 1),
        'visitor', public.analytics_visitor(v_salt, p_site, b.h ->> 'address', b.h ->> 'user_agent')
      )
    )).*
    from jsonb_array_elements(p_hits) with ordinality as b (h, ord)
  ),
  -- What each visitor of the batch was already counted under today.
  seen as (
    select distinct h.visitor, v.dimension, v.value
    from public.analytics_hits h
    cross join lateral private.analytics_values(
      h.path, h.referrer_host, h.utm_source, h.utm_medium, h.utm_campaign, h.country, h.device
    ) as v
    where h.visitor in (select batch.visitor from batch) and h.at >= v_day_start
  ),
  counted as (
    select d.dimension, d.value, sum(b.views)::integer as views,
      (count(distinct b.visitor) filter (where s.visitor is null))::integer as visitors
    from batch b
    cross join lateral private.analytics_values(
      b.path, b.referrer_host, b.utm_source, b.utm_medium, b.utm_campaign, b.country, b.device
    ) as d
    left join seen s
      on s.visitor = b.visitor and s.dimension = d.dimension and s.value = d.value
    group by d.dimension, d.value
    union all
    select 'landing', first_hit.path, sum(first_hit.views)::integer, count(*)::integer
    from (
      select distinct on (b.visitor) b.visitor, b.path, b.views
      from batch b
      where b.visitor not in (select s.visitor from seen s where s.dimension = 'site')
      order by b.visitor, b.ord
    ) as first_hit
    group by first_hit.path
  ),
  live as (
    insert into public.analytics_live as l (day, dimension, value, views, visitors)
    select v_day, c.dimension, c.value, c.views, c.visitors from counted c
    on conflict (day, dimension, value) do update
      set views = l.views + excluded.views, visitors = l.visitors + excluded.visitors
  ),
  posts as (
    insert into public.analytics_post_days as pd (post_id, day, views, visitors)
    select p.id, v_day, sum(b.views)::integer,
      (count(distinct b.visitor) filter (where s.visitor is null))::integer
    from batch b
    join public.blog_posts p on p.id = case
      when b.path ~ '^/blueprints/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
      then substr(b.path, 13)::uuid
    end
    left join seen s on s.visitor = b.visitor and s.dimension = 'page' and s.value = b.path
    group by p.id
    on conflict (post_id, day) do update
      set views = pd.views + excluded.views, visitors = pd.visitors + excluded.visitors
  )
  insert into public.analytics_hits
  select b.at, b.visitor, b.path, b.referrer_host, b.utm_source, b.utm_medium,
    b.utm_campaign, b.country, b.device, b.views
  from batch b;

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

-- A period's rows from its closed days: each dimension's top 100 values, the
-- rest summed into its '' row.
create function private.analytics_roll_period(p_period text, p_start date, p_end date)
returns void
language sql
set search_path = ''
as $$
  delete from public.analytics_rollups r where r.period = p_period and r.start = p_start;
  insert into public.analytics_rollups (period, start, dimension, value, views, visitors)
  select p_period, p_start, ranked.dimension,
    case when ranked.dimension = 'site' or ranked.rank <= 100 then ranked.value else '' end,
    sum(ranked.views), sum(ranked.visitors)
  from (
    select summed.*, row_number() over (
      partition by summed.dimension
      order by summed.value = '', summed.visitors desc, summed.views desc, summed.value
    ) as rank
    from (
      select r.dimension, r.value, sum(r.views) as views, sum(r.visitors) as visitors
      from public.analytics_rollups r
      where r.period = 'day'
        and r.dimension in ('site', 'page', 'landing', 'referrer', 'utm_source',
                            'utm_medium', 'utm_campaign', 'country', 'device')
        and r.start between p_start and p_end
      group by r.dimension, r.value
    ) as summed
  ) as ranked
  group by ranked.dimension,
    case when ranked.dimension = 'site' or ranked.rank <= 100 then ranked.value else '' end;
$$;

-- Moves a day out of analytics_live into its closed rows (merged with any it
-- has already: a batch that arrived after the day was closed), top 100 per
-- dimension. Its week and month are rolled again by the caller.
create function private.analytics_close_day(p_day date)
returns void
language plpgsql
set search_path = ''
as $$
begin
  with moved as (
    delete from public.analytics_live l where l.day = p_day
    returning l.dimension, l.value, l.views, l.visitors
  ),
  closed as (
    delete from public.analytics_rollups r where r.period = 'day' and r.start = p_day
      and r.dimension in ('site', 'page', 'landing', 'referrer', 'utm_source',
                          'utm_medium', 'utm_campaign', 'country', 'device')
    returning r.dimension, r.value, r.views, r.visitors
  )
  insert into public.analytics_rollups (period, start, dimension, value, views, visitors)
  select 'day', p_day, ranked.dimension,
    case when ranked.dimension = 'site' or ranked.rank <= 100 then ranked.value else '' end,
    sum(ranked.views), sum(ranked.visitors)
  from (
    select summed.*, row_number() over (
      partition by summed.dimension
      order by summed.value = '', summed.visitors desc, summed.views desc, summed.value
    ) as rank
    from (
      select rows.dimension, rows.value, sum(rows.views) as views, sum(rows.visitors) as visitors
      from (select * from moved union all select * from closed) as rows
      group by rows.dimension, rows.value
    ) as summed
  ) as ranked
  group by ranked.dimension,
    case when ranked.dimension = 'site' or ranked.rank <= 100 then ranked.value else '' end;
end;
$$;

-- Closes the days, then rolls each of their weeks and months once.
create function private.analytics_close(p_days date[])
returns void
language plpgsql
set search_path = ''
as $$
declare
  v_start date;
begin
  foreach v_start in array p_days loop
    perform private.analytics_close_day(v_start);
  end loop;
  for v_start in select distinct date_trunc('week', d)::date from unnest(p_days) as d loop
    perform private.analytics_roll_period('week', v_start, v_start + 6);
  end loop;
  for v_start in select distinct date_trunc('month', d)::date from unnest(p_days) as d loop
    perform private.analytics_roll_period(
      'month', v_start, (v_start + interval '1 month' - interval '1 day')::date);
  end loop;
end;
$$;

-- The schedule's work, every five minutes: the day's salt, salts made 48
-- hours or more before p_now deleted, each open day that ended ten minutes or
-- more before p_now closed (a batch is long recorded by then) and its week
-- and month rolled again, hits older than 30 days deleted. Most runs close
-- nothing: the open days are found with one index probe each.
create or replace function public.analytics_rotate(p_now timestamptz default now())
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_closing date := ((p_now - interval '10 minutes') at time zone 'utc')::date;
  v_days date[];
begin
  perform public.analytics_salt(p_now);
  delete from public.analytics_salts s where s.created_at <= p_now - interval '48 hours';

  perform pg_advisory_xact_lock(hashtext('public.analytics_record'));
  with recursive open_days (day) as (
    select min(l.day) from public.analytics_live l
    union all
    select (select min(l.day) from public.analytics_live l where l.day > o.day)
    from open_days o
    where o.day is not null
  )
  select coalesce(array_agg(o.day order by o.day), '{}') into v_days
  from open_days o
  where o.day < v_closing;

  perform private.analytics_close(v_days);

  delete from public.analytics_hits h where h.at < p_now - interval '30 days';
end;
$$;

-- What the dashboard shows for a range, read as the caller (row-level
-- security keeps it to team members): each day's site totals (dimension
-- 'day', value the date), each dimension's most visited values summed over
-- the range, at most p_limit each, the top pages that are posts (dimension
-- 'post'), and conversions per landing page and kind. The range is read as
-- whole months, then whole weeks (Monday to Sunday), then days, and the open
-- days live, so 366 days read about as many rows as 60.
create or replace function public.analytics_totals(p_from date, p_to date, p_limit integer default 20)
returns table (dimension text, value text, views bigint, visitors bigint)
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  v_day date := p_from;
  v_days date[] := '{}';
  v_weeks date[] := '{}';
  v_months date[] := '{}';
  v_dimensions text[] := array['page', 'landing', 'referrer', 'utm_source',
                               'utm_medium', 'utm_campaign', 'country', 'device'];
begin
  while v_day <= p_to loop
    if extract(day from v_day) = 1
      and (v_day + interval '1 month' - interval '1 day')::date <= p_to then
      v_months := v_months || v_day;
      v_day := (v_day + interval '1 month')::date;
    elsif extract(isodow from v_day) = 1 and v_day + 6 <= p_to then
      v_weeks := v_weeks || v_day;
      v_day := v_day + 7;
    else
      v_days := v_days || v_day;
      v_day := v_day + 1;
    end if;
  end loop;

  return query
  with stored as (
    select r.dimension, r.value, r.views, r.visitors
    from public.analytics_rollups r
    where r.period = 'month' and r.dimension = any(v_dimensions) and r.start = any(v_months)
    union all
    select r.dimension, r.value, r.views, r.visitors
    from public.analytics_rollups r
    where r.period = 'week' and r.dimension = any(v_dimensions) and r.start = any(v_weeks)
    union all
    select r.dimension, r.value, r.views, r.visitors
    from public.analytics_rollups r
    where r.period = 'day' and r.dimension = any(v_dimensions) and r.start = any(v_days)
    union all
    select l.dimension, l.value, l.views, l.visitors
    from public.analytics_live l
    where l.day between p_from and p_to and l.dimension <> 'site'
  ),
  summed as (
    select s.dimension, s.value, sum(s.views)::bigint as views, sum(s.visitors)::bigint as visitors
    from stored s
    where s.value <> ''
    group by s.dimension, s.value
  ),
  listed as (
    select summed.* from summed
    union all
    select 'post', summed.value, summed.views, summed.visitors
    from summed
    where summed.dimension = 'page' and summed.value like '/blueprints/_%'
    union all
    select 'conversion_' || c.kind, c.landing_path, count(*), 0
    from public.analytics_conversions c
    where c.at >= p_from::timestamp at time zone 'utc'
      and c.at < (p_to + 1)::timestamp at time zone 'utc'
    group by c.kind, c.landing_path
  ),
  -- Each list's top p_limit by a bounded sort of its own, not one sort of every value.
  lists (dimension) as (
    select unnest(v_dimensions || array['post', 'conversion_contact',
                                        'conversion_application', 'conversion_newsletter'])
  ),
  ranked as (
    select top.*
    from lists
    cross join lateral (
      select listed.dimension, listed.value, listed.views, listed.visitors
      from listed
      where listed.dimension = lists.dimension
      order by listed.visitors desc, listed.views desc, listed.value
      limit p_limit
    ) as top
  ),
  days as (
    select 'day'::text as dimension, d.day::text as value,
      sum(d.views)::bigint as views, sum(d.visitors)::bigint as visitors
    from (
      select r.start as day, r.views, r.visitors
      from public.analytics_rollups r
      where r.period = 'day' and r.dimension = 'site' and r.start between p_from and p_to
      union all
      select l.day, l.views, l.visitors
      from public.analytics_live l
      where l.dimension = 'site' and l.day between p_from and p_to
    ) as d
    group by d.day
  )
  select ranked.dimension, ranked.value, ranked.views, ranked.visitors
  from ranked
  union all
  select days.dimension, days.value, days.views, days.visitors from days
  order by 1, 3 desc;
end;
$$;

-- Each of the caller's posts' views over the last p_days days (today
-- included), as the caller: the plan starts from their own posts (by
-- author_id) and reads each post's days by its key; row-level security on
-- analytics_post_days admits an author to their own posts only.
create or replace function public.analytics_own_post_views(p_days integer default 30)
returns table (post_id uuid, views bigint, visitors bigint)
language sql
stable
security invoker
set search_path = ''
as $$
  select p.id, sum(d.views)::bigint, sum(d.visitors)::bigint
  from public.blog_posts p
  join public.analytics_post_days d
    on d.post_id = p.id
    and d.day > (now() at time zone 'utc')::date - least(greatest(p_days, 1), 366)
  where p.author_id = (select auth.uid())
    and (select public.is_author())
  group by p.id;
$$;

revoke execute on function private.analytics_values(text, text, text, text, text, text, text) from public;
revoke execute on function private.analytics_roll_period(text, date, date) from public;
revoke execute on function private.analytics_close_day(date) from public;
revoke execute on function private.analytics_close(date[]) from public;

-- What analytics_daily held, moved: days before yesterday as closed days
-- (straight into analytics_rollups, then cut to their top 100s where they
-- are, so analytics_live never holds the history), `post` rows as post days;
-- yesterday and today counted again from the hits (the last roll-up may have
-- missed a few minutes); then every week and month.
insert into public.analytics_post_days (post_id, day, views, visitors)
select p.id, d.day, d.views, d.visitors
from public.analytics_daily d
join public.blog_posts p on d.value = '/blueprints/' || p.id::text
where d.dimension = 'post' and d.day < (now() at time zone 'utc')::date - 1;

insert into public.analytics_rollups (period, start, dimension, value, views, visitors)
select 'day', d.day, d.dimension, d.value, d.views, d.visitors
from public.analytics_daily d
where d.dimension <> 'post' and d.day < (now() at time zone 'utc')::date - 1;

insert into public.analytics_live (day, dimension, value, views, visitors)
select hit.day, dim.dimension, dim.value, sum(hit.views)::integer, count(distinct hit.visitor)::integer
from (
  select h.*, (h.at at time zone 'utc')::date as day,
    row_number() over (
      partition by (h.at at time zone 'utc')::date, h.visitor order by h.at
    ) = 1 as landed
  from public.analytics_hits h
  where h.at >= ((now() at time zone 'utc')::date - 1)::timestamp at time zone 'utc'
) as hit
cross join lateral (
  select v.dimension, v.value
  from private.analytics_values(hit.path, hit.referrer_host, hit.utm_source,
    hit.utm_medium, hit.utm_campaign, hit.country, hit.device) as v
  union all
  select 'landing', hit.path where hit.landed
) as dim
group by hit.day, dim.dimension, dim.value;

insert into public.analytics_post_days (post_id, day, views, visitors)
select p.id, (h.at at time zone 'utc')::date, sum(h.views)::integer, count(distinct h.visitor)::integer
from public.analytics_hits h
join public.blog_posts p on h.path = '/blueprints/' || p.id::text
where h.at >= ((now() at time zone 'utc')::date - 1)::timestamp at time zone 'utc'
group by p.id, (h.at at time zone 'utc')::date;

drop table public.analytics_daily;

select private.analytics_close(array(
  select r.start from public.analytics_rollups r
  where r.period = 'day' and r.dimension = 'site'
));
select public.analytics_rotate();
