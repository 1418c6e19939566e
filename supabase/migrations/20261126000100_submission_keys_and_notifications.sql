-- Nothing lost, nothing twice, on any number of app machines.
--
-- Submission keys: every rendered contact form, company dialog and job
-- application form carries a fresh UUID; a submission is stored once per key,
-- so a double click, a reload that posts again or a retry after a timeout
-- answers the same thanks without a second row (or CV).
--
-- Durable notifications: the team's e-mail about a submission is an outbox
-- entry on the row itself. The form's function tries it right after storing;
-- a failure is retried with back-off by the send-notifications function, which
-- a schedule calls every minute (pg_cron + pg_net on a hosted project, the
-- embedded server's own timer locally; docs/decisions/051-durable-notifications.md),
-- until it is sent or given up and marked failed.

alter table public.contact_messages
  add column submission_key uuid,
  add column notification_attempts integer not null default 0,
  add column notification_error text,
  add column notification_next_at timestamptz not null default now(),
  add column notification_claimed_until timestamptz;

alter table public.job_applications
  add column submission_key uuid,
  add column notification_attempts integer not null default 0,
  add column notification_error text,
  add column notification_next_at timestamptz not null default now(),
  add column notification_claimed_until timestamptz;

-- Rows stored before keys existed keep null, which a unique index allows many of.
create unique index contact_messages_submission_key_idx
  on public.contact_messages (submission_key);
create unique index job_applications_submission_key_idx
  on public.job_applications (submission_key);

-- What the sender needs before uploading a CV: whether this key was stored
-- already. A random key says nothing about anyone, so the public may ask.
create function public.submission_stored(p_key uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (select 1 from public.contact_messages where submission_key = p_key)
      or exists (select 1 from public.job_applications where submission_key = p_key);
$$;

revoke execute on function public.submission_stored(uuid) from public;
grant execute on function public.submission_stored(uuid) to anon, authenticated, service_role;

-- Hands out notifications that are due, each to one sender for p_lease_seconds:
-- a sender that dies mid-send leaves its lease to run out, and the next run
-- takes the row again. p_kind/p_id narrow it to one submission (the form's
-- own first try). Rows come back as JSON, one shape for both tables.
create function public.claim_notifications(
  p_limit integer default 20,
  p_lease_seconds integer default 60,
  p_kind text default null,
  p_id uuid default null
)
returns table (kind text, id uuid, attempts integer, submission jsonb)
language plpgsql
security definer
set search_path = ''
as $$
begin
  return query
  with due as (
    select m.id
    from public.contact_messages m
    where (p_kind is null or p_kind = 'message')
      and (p_id is null or m.id = p_id)
      and m.notification_state = 'pending'
      and m.notification_next_at <= now()
      and (m.notification_claimed_until is null or m.notification_claimed_until < now())
    order by m.notification_next_at
    limit p_limit
    for update skip locked
  ), claimed as (
    update public.contact_messages m
    set notification_claimed_until = now() + make_interval(secs => p_lease_seconds)
    from due
    where m.id = due.id
    returning m.*
  )
  select 'message'::text, c.id, c.notification_attempts,
    jsonb_build_object('name', c.name, 'email', c.email, 'message', c.message,
      'company', c.company, 'source', c.source, 'created_at', c.created_at)
  from claimed c;

  return query
  with due as (
    select a.id
    from public.job_applications a
    where (p_kind is null or p_kind = 'application')
      and (p_id is null or a.id = p_id)
      and a.notification_state = 'pending'
      and a.notification_next_at <= now()
      and (a.notification_claimed_until is null or a.notification_claimed_until < now())
    order by a.notification_next_at
    limit p_limit
    for update skip locked
  ), claimed as (
    update public.job_applications a
    set notification_claimed_until = now() + make_interval(secs => p_lease_seconds)
    from due
    where a.id = due.id
    returning a.*
  )
  select 'application'::text, c.id, c.notification_attempts,
    jsonb_build_object('name', c.name, 'email', c.email, 'comment', c.comment,
      'job_id', c.job_id, 'job_title', c.job_title, 'cv_file_name', c.cv_file_name,
      'cv_path', c.cv_path, 'created_at', c.created_at)
  from claimed c;
end;
$$;

-- Records one try. A failure waits 30 s, 1, 2, 4 … minutes (at most an hour)
-- before the next; the eighth failure, or one not worth retrying (no e-mail
-- provider configured), gives up and marks the row failed, which the team
-- inbox shows.
create function public.finish_notification(
  p_kind text,
  p_id uuid,
  p_sent boolean,
  p_error text default null,
  p_retry boolean default true
)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_state text;
begin
  if p_kind = 'message' then
    update public.contact_messages
    set notification_attempts = notification_attempts + 1,
        notification_state = case
          when p_sent then 'sent'
          when not p_retry or notification_attempts + 1 >= 8 then 'failed'
          else 'pending' end,
        notification_error = case when p_sent then null else left(p_error, 500) end,
        notification_next_at = case when p_sent then notification_next_at
          else now() + least(interval '1 hour', interval '30 seconds' * power(2, notification_attempts)) end,
        notification_claimed_until = null
    where id = p_id and notification_state = 'pending'
    returning notification_state into v_state;
  elsif p_kind = 'application' then
    update public.job_applications
    set notification_attempts = notification_attempts + 1,
        notification_state = case
          when p_sent then 'sent'
          when not p_retry or notification_attempts + 1 >= 8 then 'failed'
          else 'pending' end,
        notification_error = case when p_sent then null else left(p_error, 500) end,
        notification_next_at = case when p_sent then notification_next_at
          else now() + least(interval '1 hour', interval '30 seconds' * power(2, notification_attempts)) end,
        notification_claimed_until = null
    where id = p_id and notification_state = 'pending'
    returning notification_state into v_state;
  else
    raise exception 'unknown submission kind %', p_kind using errcode = '22023';
  end if;
  return v_state;
end;
$$;

revoke execute on function public.claim_notifications(integer, integer, text, uuid) from public, anon, authenticated;
revoke execute on function public.finish_notification(text, uuid, boolean, text, boolean) from public, anon, authenticated;
grant execute on function public.claim_notifications(integer, integer, text, uuid) to service_role;
grant execute on function public.finish_notification(text, uuid, boolean, text, boolean) to service_role;

-- The schedule, on a hosted project: every minute, pg_net posts to the
-- send-notifications function with the project URL and secret key the team
-- stores in Vault once (README, Deploy). A database without pg_cron (the
-- embedded one) skips this; its server calls the function on the same
-- schedule itself (supabase/local/notification-schedule.ts).
do $schedule$
begin
  if exists (select 1 from pg_available_extensions where name = 'pg_cron')
     and exists (select 1 from pg_available_extensions where name = 'pg_net') then
    create extension if not exists pg_cron;
    create extension if not exists pg_net with schema extensions;
    perform cron.schedule(
      'send-notifications',
      '* * * * *',
      $job$
      select net.http_post(
        url := (select decrypted_secret from vault.decrypted_secrets where name = 'project_url')
          || '/functions/v1/send-notifications',
        headers := jsonb_build_object(
          'Content-Type', 'application/json',
          'apikey', (select decrypted_secret from vault.decrypted_secrets where name = 'notifications_secret_key')
        ),
        body := '{}'::jsonb,
        timeout_milliseconds := 55000
      );
      $job$
    );
  end if;
end;
$schedule$;
