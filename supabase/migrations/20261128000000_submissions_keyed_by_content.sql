-- Submissions are told apart by what they say, not by a key in the page
-- (docs/decisions/090-stored-form-pages-and-content-keys.md). A form page
-- is the same bytes for every visitor, so it carries no key; instead:
--
-- * a contact message is one row per (e-mail, content) within a day: a
--   double click, a resubmit after the back button or a retry says the same
--   thing again and is that message; two different messages are two rows;
-- * a job application is one row per (job, e-mail, CV digest).
--
-- store_submission decides under a lock per address, so it holds however
-- many machines send the same submission at once.

drop function public.submission_stored(uuid);

alter table public.contact_messages drop column submission_key;
alter table public.job_applications drop column submission_key;

-- The SHA-256 of the CV's bytes, which the job-application function reads
-- from Storage; null on rows stored before.
alter table public.job_applications add column cv_digest text;

create index contact_messages_email_created_at_idx
  on public.contact_messages (lower(email), created_at desc);
create unique index job_applications_once_idx
  on public.job_applications (job_id, lower(email), cv_digest)
  where cv_digest is not null;

-- Stores p_row (column name to value) into the table of p_kind ('message' or
-- 'application') unless an equal submission is stored: returns the row's id
-- and whether it was stored before. Only the functions (service role) call
-- it. The columns are p_row's keys, so a new column needs no change here.
create function public.store_submission(p_kind text, p_row jsonb)
returns table (id uuid, duplicate boolean)
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_table text;
  v_same jsonb;
  v_window interval;
  v_id uuid;
  v_columns text;
  v_unknown text;
begin
  if p_kind = 'message' then
    v_table := 'contact_messages';
    -- Everything the visitor wrote; the e-mail compared without case.
    v_same := p_row - 'email';
    v_window := interval '1 day';
  elsif p_kind = 'application' then
    v_table := 'job_applications';
    v_same := jsonb_build_object('job_id', p_row -> 'job_id', 'cv_digest', p_row -> 'cv_digest');
    v_window := null;
  else
    raise exception 'unknown submission kind %', p_kind using errcode = '22023';
  end if;

  select string_agg(key, ', ') into v_unknown
  from jsonb_object_keys(p_row) as key
  where not exists (
    select 1 from pg_catalog.pg_attribute a
    where a.attrelid = ('public.' || v_table)::regclass
      and a.attname = key and a.attnum > 0 and not a.attisdropped
  );
  if v_unknown is not null then
    raise exception '% has no column %', v_table, v_unknown using errcode = '42703';
  end if;

  -- One submission per address at a time: the second of two identical ones
  -- waits here and then finds the first.
  perform pg_catalog.pg_advisory_xact_lock(
    pg_catalog.hashtextextended(p_kind || ':' || lower(p_row ->> 'email'), 0)
  );
  execute format(
    'select t.id from public.%I t
     where lower(t.email) = lower($1 ->> ''email'')
       and to_jsonb(t) @> $2
       and ($3::interval is null or t.created_at > now() - $3)
     order by t.created_at desc
     limit 1',
    v_table
  ) into v_id using p_row, v_same, v_window;
  if v_id is not null then
    return query select v_id, true;
    return;
  end if;

  select string_agg(format('%I', key), ', ') into v_columns
  from jsonb_object_keys(p_row) as key;
  execute format(
    'insert into public.%I (%s) select %s from jsonb_populate_record(null::public.%I, $1) returning id',
    v_table, v_columns, v_columns, v_table
  ) into v_id using p_row;
  return query select v_id, false;
end;
$$;

revoke execute on function public.store_submission(text, jsonb) from public, anon, authenticated;
grant execute on function public.store_submission(text, jsonb) to service_role;

-- CVs in the bucket that no application names and that are older than
-- p_older_than_seconds: the minute's housekeeping removes them through
-- Storage's API (send-notifications), which deletes the file too.
create function public.unclaimed_cvs(p_older_than_seconds integer)
returns setof text
language sql
stable
security definer
set search_path = ''
as $$
  select o.name
  from storage.objects o
  where o.bucket_id = 'cv-uploads'
    and o.created_at < now() - make_interval(secs => p_older_than_seconds)
    and not exists (select 1 from public.job_applications a where a.cv_path = o.name)
  order by o.created_at
  limit 1000;
$$;

revoke execute on function public.unclaimed_cvs(integer) from public, anon, authenticated;
grant execute on function public.unclaimed_cvs(integer) to service_role;

-- Anonymous CV uploads. The app server uploads with the secret key when it
-- has one (its own per-address limits come first); a direct upload with the
-- publishable key, or by a signed-in user who is not on the team, is allowed
-- only while fewer than 20 CVs uploaded in the last 15 minutes are
-- unclaimed, so the bucket cannot be filled: at most 100 MB waits for the
-- sweep at any time.
create function public.cv_uploads_open()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select count(*) < 20
  from storage.objects o
  where o.bucket_id = 'cv-uploads'
    and o.created_at > now() - interval '15 minutes'
    and not exists (select 1 from public.job_applications a where a.cv_path = o.name);
$$;

revoke execute on function public.cv_uploads_open() from public;
grant execute on function public.cv_uploads_open() to anon, authenticated, service_role;

drop policy "cv-uploads: anyone uploads a new object" on storage.objects;
create policy "cv-uploads: anyone uploads a new object while few are unclaimed"
  on storage.objects for insert
  to anon, authenticated
  with check (
    bucket_id = 'cv-uploads'
    and strpos(name, '/') = 0
    and (select public.cv_uploads_open())
  );

create policy "cv-uploads: team members upload"
  on storage.objects for insert
  to authenticated
  with check (
    bucket_id = 'cv-uploads'
    and strpos(name, '/') = 0
    and (select public.is_team_member())
  );
