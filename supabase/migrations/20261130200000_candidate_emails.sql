-- E-mails to a candidate (the team's replies from the application's page),
-- kept with the application. Each is an outbox entry like a submission's
-- team notification: stored first, then sent by the same claim and finish
-- functions, retried with the same back-off, on the same schedule. The
-- address comes from the application, never from the caller, so a reply can
-- only go to the person who applied.

create table public.candidate_emails (
  id uuid primary key default gen_random_uuid(),
  application_id uuid not null references public.job_applications (id) on delete cascade,
  purpose text not null default 'reply'
    constraint candidate_emails_purpose_check check (purpose in ('reply', 'confirmation')),
  -- Filled in by candidate_email_address from the application.
  to_email text not null default '' check (to_email like '%_@_%'),
  subject text not null check (char_length(subject) between 1 and 200),
  body text not null check (char_length(body) between 1 and 20000),
  sent_by uuid default auth.uid() references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  notification_state text not null default 'pending'
    constraint candidate_emails_notification_state_check
      check (notification_state in ('pending', 'sent', 'failed')),
  notification_attempts integer not null default 0,
  notification_error text,
  notification_next_at timestamptz not null default now(),
  notification_claimed_until timestamptz
);

comment on table public.candidate_emails is
  'E-mails to a job applicant (team replies, the confirmation), each an outbox entry; team members only.';

create index candidate_emails_application_idx
  on public.candidate_emails (application_id, created_at);
create index candidate_emails_due_idx
  on public.candidate_emails (notification_next_at)
  where notification_state = 'pending';

create function public.candidate_email_address()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  select a.email into new.to_email
  from public.job_applications a
  where a.id = new.application_id;
  if new.to_email is null then
    raise exception 'no application %', new.application_id using errcode = '23503';
  end if;
  return new;
end;
$$;

revoke execute on function public.candidate_email_address() from public, anon, authenticated;

create trigger candidate_emails_address
  before insert on public.candidate_emails
  for each row execute function public.candidate_email_address();

alter table public.candidate_emails enable row level security;

revoke all on table public.candidate_emails from anon, authenticated;
grant select on table public.candidate_emails to authenticated;
grant insert (application_id, subject, body) on table public.candidate_emails to authenticated;
grant all on table public.candidate_emails to service_role;

create policy "candidate_emails: team members read"
  on public.candidate_emails for select
  to authenticated
  using ((select public.is_team_member()));

create policy "candidate_emails: team members reply as themselves"
  on public.candidate_emails for insert
  to authenticated
  with check (
    (select public.is_team_member())
    and purpose = 'reply'
    and sent_by = (select auth.uid())
  );

-- The outbox's kinds: the claim and finish functions work on whichever table
-- a kind names.
create or replace function public.submission_table(p_kind text)
returns regclass
language sql
immutable
set search_path = ''
as $$
  select case p_kind
    when 'message' then 'public.contact_messages'::regclass
    when 'application' then 'public.job_applications'::regclass
    when 'candidate_email' then 'public.candidate_emails'::regclass
  end;
$$;

create or replace function public.claim_notifications(
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
declare
  v_kind text;
begin
  foreach v_kind in array array['message', 'application', 'candidate_email'] loop
    continue when p_kind is not null and p_kind <> v_kind;
    return query execute format(
      $sql$
      with due as (
        select s.id
        from %1$s s
        where ($1::uuid is null or s.id = $1)
          and s.notification_state = 'pending'
          and s.notification_next_at <= now()
          and (s.notification_claimed_until is null or s.notification_claimed_until < now())
        order by s.notification_next_at
        limit $2
        for update skip locked
      ), claimed as (
        update %1$s s
        set notification_claimed_until = now() + make_interval(secs => $3)
        from due
        where s.id = due.id
        returning s.*
      )
      select %2$L::text, c.id, c.notification_attempts, to_jsonb(c)
      from claimed c
      $sql$,
      public.submission_table(v_kind),
      v_kind
    )
    using p_id, p_limit, p_lease_seconds;
  end loop;
end;
$$;
