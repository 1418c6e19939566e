-- The hiring pipeline: an application moves through new, reviewing,
-- interview, offer, hired, rejected or withdrawn (handled stays valid for
-- the inbox's older two-state view), and the team keeps internal notes on
-- it. The candidate never sees either.

alter table public.job_applications
  drop constraint job_applications_status_check,
  add constraint job_applications_status_check check (
    status in (
      'new', 'reviewing', 'interview', 'offer', 'hired', 'rejected', 'withdrawn', 'handled'
    )
  );

create index job_applications_job_status_idx
  on public.job_applications (job_id, status, created_at desc);

create table public.application_notes (
  id uuid primary key default gen_random_uuid(),
  application_id uuid not null references public.job_applications (id) on delete cascade,
  author_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  body text not null check (char_length(body) between 1 and 5000),
  created_at timestamptz not null default now()
);

comment on table public.application_notes is
  'The team''s internal notes on a job application; team members only.';

create index application_notes_application_idx
  on public.application_notes (application_id, created_at);

alter table public.application_notes enable row level security;

revoke all on table public.application_notes from anon, authenticated;
grant select, insert, delete on table public.application_notes to authenticated;
grant all on table public.application_notes to service_role;

create policy "application_notes: team members read"
  on public.application_notes for select
  to authenticated
  using ((select public.is_team_member()));

create policy "application_notes: team members write as themselves"
  on public.application_notes for insert
  to authenticated
  with check ((select public.is_team_member()) and author_id = (select auth.uid()));

create policy "application_notes: team members delete their own"
  on public.application_notes for delete
  to authenticated
  using ((select public.is_team_member()) and author_id = (select auth.uid()));
