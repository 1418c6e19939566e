-- The inbox filters applications by job and by pipeline stage: the view
-- names the job beside the status it already has, and an index serves a
-- job's applications newest first in the inbox's own order.

create or replace view public.inbox_items
with (security_invoker = true)
as
  select m.id, 'message'::text as kind, m.status, m.created_at, to_jsonb(m) as submission,
    null::text as job_id
  from public.contact_messages m
  union all
  select a.id, 'application'::text as kind, a.status, a.created_at, to_jsonb(a) as submission,
    a.job_id
  from public.job_applications a;

create index job_applications_job_created_at_idx
  on public.job_applications (job_id, created_at desc, id desc);
