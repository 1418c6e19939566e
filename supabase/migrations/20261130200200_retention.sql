-- Retention by the database. A rejected or withdrawn application is deleted
-- a set period after that decision, a contact message a period of its own
-- after it was marked handled. The periods are rows (six months each unless
-- the team sets another, with SQL), read by the inbox for its "deleted on"
-- dates and by the candidate's confirmation e-mail. An application's CV goes
-- with it: once its row is gone the CV is unclaimed, and the minute's sweep
-- (send-notifications, sweepUnclaimedCvs) removes it through Storage's API,
-- which deletes the file as well as its storage.objects row.

create table public.retention_periods (
  kind text primary key
    constraint retention_periods_kind_check check (kind in ('application', 'message')),
  keep_for interval not null check (keep_for > interval '0'),
  updated_at timestamptz not null default now()
);

comment on table public.retention_periods is
  'How long a decided application (rejected, withdrawn) or a handled contact message is kept.';

insert into public.retention_periods (kind, keep_for) values
  ('application', interval '6 months'),
  ('message', interval '6 months');

alter table public.retention_periods enable row level security;

revoke all on table public.retention_periods from anon, authenticated;
grant select on table public.retention_periods to authenticated;
grant all on table public.retention_periods to service_role;

create policy "retention_periods: team members read"
  on public.retention_periods for select
  to authenticated
  using ((select public.is_team_member()));

-- When an application was decided: set by the database as it turns rejected
-- or withdrawn, cleared if it moves on again. The team changes status only.
alter table public.job_applications add column decided_at timestamptz;

update public.job_applications
set decided_at = now()
where status in ('rejected', 'withdrawn');

create function public.set_decided_at()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    if new.status in ('rejected', 'withdrawn') then
      new.decided_at := coalesce(new.decided_at, now());
    end if;
  elsif new.status is distinct from old.status then
    new.decided_at := case when new.status in ('rejected', 'withdrawn') then now() end;
  end if;
  return new;
end;
$$;

revoke execute on function public.set_decided_at() from public, anon, authenticated;

create trigger job_applications_set_decided_at
  before insert or update of status on public.job_applications
  for each row execute function public.set_decided_at();

create index job_applications_decided_at_idx
  on public.job_applications (decided_at)
  where status in ('rejected', 'withdrawn');
create index contact_messages_handled_at_idx
  on public.contact_messages (handled_at)
  where status = 'handled';

-- What the inbox shows: the time each submission will be deleted, if the
-- team's decision has set one.
create or replace view public.inbox_items
with (security_invoker = true)
as
  select m.id, 'message'::text as kind, m.status, m.created_at, to_jsonb(m) as submission,
    null::text as job_id,
    case when m.status = 'handled' then m.handled_at
      + (select r.keep_for from public.retention_periods r where r.kind = 'message')
    end as deletes_at
  from public.contact_messages m
  union all
  select a.id, 'application'::text as kind, a.status, a.created_at, to_jsonb(a) as submission,
    a.job_id,
    case when a.status in ('rejected', 'withdrawn') then a.decided_at
      + (select r.keep_for from public.retention_periods r where r.kind = 'application')
    end as deletes_at
  from public.job_applications a;

-- Deletes every submission past its period and says how many of each kind.
create function public.delete_expired_submissions()
returns table (kind text, deleted bigint)
language plpgsql
security definer
set search_path = ''
as $$
begin
  return query
  with gone as (
    delete from public.job_applications a
    using public.retention_periods r
    where r.kind = 'application'
      and a.status in ('rejected', 'withdrawn')
      and a.decided_at + r.keep_for <= now()
    returning a.id
  )
  select 'application'::text, count(*) from gone;

  return query
  with gone as (
    delete from public.contact_messages m
    using public.retention_periods r
    where r.kind = 'message'
      and m.status = 'handled'
      and m.handled_at + r.keep_for <= now()
    returning m.id
  )
  select 'message'::text, count(*) from gone;
end;
$$;

revoke execute on function public.delete_expired_submissions() from public, anon, authenticated;
grant execute on function public.delete_expired_submissions() to service_role;

-- The schedule, on a hosted project: every hour, in the database itself. A
-- database without pg_cron (the embedded one) skips this; its server runs
-- the function on the same schedule (supabase/local/sql-schedule.ts).
do $schedule$
begin
  if exists (select 1 from pg_available_extensions where name = 'pg_cron') then
    create extension if not exists pg_cron;
    perform cron.schedule(
      'delete-expired-submissions',
      '17 * * * *',
      'select public.delete_expired_submissions()'
    );
  end if;
end;
$schedule$;
