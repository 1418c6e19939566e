-- The audit log (docs/decisions/196-audit-log-written-by-the-database.md):
-- every change that matters is recorded by the database in the same
-- transaction as the change, by triggers on the tables themselves, so no
-- path (the app, REST, a function, SQL) can change them unrecorded. Admins
-- read it (the audit capability); nobody changes or deletes an entry
-- through the API, the service role included. Entries older than two years
-- are deleted by the database's own schedule.

create table public.audit_log (
  id bigint generated always as identity primary key,
  at timestamptz not null default now(),
  -- Null: the database itself (a schedule) or a caller without a session.
  actor_id uuid references auth.users (id) on delete set null,
  kind text not null
    constraint audit_log_kind_check check (kind ~ '^[a-z]+\.[a-z_]+$'),
  object_type text not null,
  object_id text,
  summary text not null
    constraint audit_log_summary_check check (length(summary) <= 500)
);

comment on table public.audit_log is
  'Who changed what and when, written by triggers in the same transaction; read by admins, changed by nobody (docs/decisions/196).';

-- The list's orders: newest first, alone or by person or by kind.
create index audit_log_newest_idx on public.audit_log (at desc, id desc);
create index audit_log_actor_idx on public.audit_log (actor_id, at desc, id desc);
create index audit_log_kind_idx on public.audit_log (kind, at desc, id desc);

alter table public.audit_log enable row level security;

-- Read only, for everyone the API serves; the service role bypasses
-- row-level security, so it is the missing privilege that refuses its writes.
revoke all on table public.audit_log from public, anon, authenticated, service_role;
grant select on table public.audit_log to authenticated, service_role;

-- The capability joins the rules (app/lib/roles.ts keeps the same row).
create or replace function private.role_rules()
returns table (capability text, role text)
language sql
immutable
set search_path = ''
as $$
  values
    ('people', 'admin'),
    ('inbox', 'admin'),
    ('analytics', 'admin'),
    ('settings', 'admin'),
    ('audit', 'admin'),
    ('posts', 'admin'),
    ('posts', 'editor'),
    ('posts', 'author'),
    ('all-posts', 'admin'),
    ('all-posts', 'editor'),
    ('newsletter', 'admin'),
    ('newsletter', 'editor'),
    ('jobs', 'admin'),
    ('jobs', 'hiring')
$$;

create policy "audit log: admins read"
  on public.audit_log for select
  to authenticated
  using ((select private.may('audit')));

-- One entry, by whoever the request is (auth.uid(), null for the database).
create function private.audit(
  p_kind text,
  p_object_type text,
  p_object_id text,
  p_summary text
)
returns void
language sql
volatile
security definer
set search_path = ''
as $$
  insert into public.audit_log (actor_id, kind, object_type, object_id, summary)
  values (
    (select u.id from auth.users u where u.id = auth.uid()),
    p_kind, p_object_type, p_object_id, left(p_summary, 500)
  );
$$;

revoke all on function private.audit(text, text, text, text) from public;

-- Posts: published_at is the contract (null draft, future scheduled, past
-- published), so its transitions are the events.
create function private.audit_post()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_kind text;
  v_row public.blog_posts := coalesce(new, old);
begin
  if tg_op = 'DELETE' then
    v_kind := 'post.delete';
  elsif tg_op = 'UPDATE' and new.published_at is not distinct from old.published_at then
    return null;
  elsif tg_op = 'INSERT' and new.published_at is null then
    return null;
  elsif new.published_at is null then
    v_kind := 'post.unpublish';
  elsif new.published_at > now() then
    v_kind := 'post.schedule';
  else
    v_kind := 'post.publish';
  end if;
  perform private.audit(
    v_kind, 'post', v_row.id::text,
    case v_kind
      when 'post.schedule' then format('"%s" scheduled for %s', v_row.title, new.published_at)
      else format('"%s"', v_row.title)
    end
  );
  return null;
end;
$$;

create trigger blog_posts_audit
  after insert or update of published_at or delete on public.blog_posts
  for each row execute function private.audit_post();

create function private.audit_job()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_row public.jobs := coalesce(new, old);
  v_kind text;
begin
  if tg_op = 'DELETE' then
    v_kind := 'job.delete';
  elsif tg_op = 'UPDATE' and new.published is not distinct from old.published then
    return null;
  elsif tg_op = 'INSERT' and not new.published then
    return null;
  elsif new.published then
    v_kind := 'job.publish';
  else
    v_kind := 'job.unpublish';
  end if;
  perform private.audit(v_kind, 'job', v_row.id::text, format('"%s"', v_row.title));
  return null;
end;
$$;

create trigger jobs_audit
  after insert or update of published or delete on public.jobs
  for each row execute function private.audit_job();

create function private.audit_team_member()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_id uuid := coalesce(new.id, old.id);
  v_who text := coalesce(
    (select nullif(p.username, '') from public.platform_users p where p.id = v_id),
    (select u.email from auth.users u where u.id = v_id),
    v_id::text
  );
begin
  if tg_op = 'UPDATE' and new.role = old.role then
    return null;
  end if;
  perform private.audit(
    'role.' || case tg_op when 'INSERT' then 'grant' when 'UPDATE' then 'change' else 'remove' end,
    'person', v_id::text,
    case tg_op
      when 'INSERT' then format('%s joined the team as %s', v_who, new.role)
      when 'UPDATE' then format('%s: %s to %s', v_who, old.role, new.role)
      else format('%s left the team (was %s)', v_who, old.role)
    end
  );
  return null;
end;
$$;

create trigger team_members_audit
  after insert or update of role or delete on public.team_members
  for each row execute function private.audit_team_member();

create function private.audit_author_status()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.audit(
    'role.' || case when new.is_author then 'grant' else 'remove' end,
    'person', new.id::text,
    format('%s %s', coalesce(nullif(new.username, ''), new.email, new.id::text),
      case when new.is_author then 'is now an author' else 'is no longer an author' end)
  );
  return null;
end;
$$;

create trigger platform_users_audit
  after update of is_author on public.platform_users
  for each row
  when (old.is_author is distinct from new.is_author)
  execute function private.audit_author_status();

-- A deleted submission: by a team member from the inbox, or by the
-- retention schedule (no actor).
create function private.audit_submission_delete()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.audit(
    'submission.delete',
    case tg_table_name when 'contact_messages' then 'message' else 'application' end,
    old.id::text,
    format('%s from %s', case tg_table_name when 'contact_messages' then 'Message' else 'Application' end, old.name)
  );
  return null;
end;
$$;

create trigger contact_messages_audit
  after delete on public.contact_messages
  for each row execute function private.audit_submission_delete();

create trigger job_applications_audit
  after delete on public.job_applications
  for each row execute function private.audit_submission_delete();

create function private.audit_newsletter_send()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.audit('newsletter.send', 'post', new.post_id::text, format('"%s"', new.subject));
  return null;
end;
$$;

create trigger newsletter_sends_audit
  after insert on public.newsletter_sends
  for each row execute function private.audit_newsletter_send();

create function private.audit_retention_period()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.keep_for = old.keep_for then
    return null;
  end if;
  perform private.audit(
    'settings.change', 'retention', new.kind,
    format('%s retention: %s to %s', new.kind, old.keep_for, new.keep_for)
  );
  return null;
end;
$$;

create trigger retention_periods_audit
  after update of keep_for on public.retention_periods
  for each row execute function private.audit_retention_period();

revoke all on function private.audit_post() from public;
revoke all on function private.audit_job() from public;
revoke all on function private.audit_team_member() from public;
revoke all on function private.audit_author_status() from public;
revoke all on function private.audit_submission_delete() from public;
revoke all on function private.audit_newsletter_send() from public;
revoke all on function private.audit_retention_period() from public;

-- Kept two years: the one delete there is, run by the database's schedule as
-- the table's owner (pg_cron on a hosted project, supabase/local/sql-schedule.ts
-- locally); no API role may execute it.
create function private.delete_expired_audit_entries()
returns integer
language sql
volatile
security definer
set search_path = ''
as $$
  with gone as (
    delete from public.audit_log where at < now() - interval '2 years' returning 1
  )
  select count(*)::integer from gone;
$$;

revoke all on function private.delete_expired_audit_entries() from public;

do $schedule$
begin
  if exists (select 1 from pg_extension where extname = 'pg_cron') then
    perform cron.schedule(
      'delete-expired-audit-entries',
      '43 3 * * *',
      'select private.delete_expired_audit_entries()'
    );
  end if;
end;
$schedule$;
