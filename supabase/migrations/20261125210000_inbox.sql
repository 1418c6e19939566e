-- The team inbox (/admin/inbox): team members read contact messages and job
-- applications, mark them handled or new, and delete them. Until now only the
-- service role could touch these tables; visitors still cannot (their forms
-- go through the contact-us and job-application functions), and authors and
-- readers see nothing.

-- Where a submission stands for the team. handled_at belongs to the database:
-- it is set when a row turns handled and cleared when it turns new again, so
-- the app writes status only.
alter table public.contact_messages
  add column status text not null default 'new'
    constraint contact_messages_status_check check (status in ('new', 'handled')),
  add column handled_at timestamptz;

alter table public.job_applications
  add column status text not null default 'new'
    constraint job_applications_status_check check (status in ('new', 'handled')),
  add column handled_at timestamptz;

-- Whether the team's notification e-mail went out: 'pending' until the
-- function has tried, then 'sent' or 'failed'. Rows stored before this column
-- existed keep null (nobody recorded it), hence the default set afterwards.
alter table public.contact_messages
  add column notification_state text
    constraint contact_messages_notification_state_check
      check (notification_state in ('pending', 'sent', 'failed'));
alter table public.contact_messages alter column notification_state set default 'pending';

alter table public.job_applications
  add column notification_state text
    constraint job_applications_notification_state_check
      check (notification_state in ('pending', 'sent', 'failed'));
alter table public.job_applications alter column notification_state set default 'pending';

create function public.set_handled_at()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.status is distinct from old.status then
    new.handled_at := case when new.status = 'handled' then now() else null end;
  end if;
  return new;
end;
$$;

revoke execute on function public.set_handled_at() from public, anon, authenticated;

create trigger contact_messages_set_handled_at
  before update on public.contact_messages
  for each row execute function public.set_handled_at();

create trigger job_applications_set_handled_at
  before update on public.job_applications
  for each row execute function public.set_handled_at();

create index contact_messages_status_created_at_idx
  on public.contact_messages (status, created_at desc);
create index job_applications_status_created_at_idx
  on public.job_applications (status, created_at desc);

-- Team members read, change the status of, and delete submissions. The column
-- grant keeps what a visitor wrote unchangeable even for the team; anon holds
-- no privilege at all, so its calls are refused rather than filtered.
grant select, delete on table public.contact_messages to authenticated;
grant select, delete on table public.job_applications to authenticated;
grant update (status) on table public.contact_messages to authenticated;
grant update (status) on table public.job_applications to authenticated;

create policy "contact_messages: team members read"
  on public.contact_messages for select
  to authenticated
  using ((select public.is_team_member()));

create policy "contact_messages: team members update"
  on public.contact_messages for update
  to authenticated
  using ((select public.is_team_member()))
  with check ((select public.is_team_member()));

create policy "contact_messages: team members delete"
  on public.contact_messages for delete
  to authenticated
  using ((select public.is_team_member()));

create policy "job_applications: team members read"
  on public.job_applications for select
  to authenticated
  using ((select public.is_team_member()));

create policy "job_applications: team members update"
  on public.job_applications for update
  to authenticated
  using ((select public.is_team_member()))
  with check ((select public.is_team_member()));

create policy "job_applications: team members delete"
  on public.job_applications for delete
  to authenticated
  using ((select public.is_team_member()));

-- One list of both kinds, newest first, for one paginated, filterable query.
-- security_invoker: the view reads with the caller's rights, so the policies
-- above decide what it shows.
create view public.inbox_items
with (security_invoker = true)
as
  select
    m.id,
    'message'::text as kind,
    m.name,
    m.email,
    m.message as body,
    m.source,
    null::text as job_id,
    null::text as job_title,
    null::text as cv_file_name,
    null::text as cv_path,
    m.status,
    m.handled_at,
    m.notification_state,
    m.created_at
  from public.contact_messages m
  union all
  select
    a.id,
    'application'::text as kind,
    a.name,
    a.email,
    a.comment as body,
    null::text as source,
    a.job_id,
    a.job_title,
    a.cv_file_name,
    a.cv_path,
    a.status,
    a.handled_at,
    a.notification_state,
    a.created_at
  from public.job_applications a;

revoke all on table public.inbox_items from anon, authenticated;
grant select on table public.inbox_items to authenticated;
grant select on table public.inbox_items to service_role;
