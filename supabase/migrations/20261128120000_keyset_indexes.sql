-- Indexes in the order the keyset pages read (docs/decisions/102): each page
-- starts at its cursor in an index and reads one page's rows, however many
-- come before it.

-- The inbox, newest first with the id as tie-breaker, all or by status; the
-- view's union reads both tables' indexes in step (a merge, no sort).
drop index public.contact_messages_created_at_idx;
drop index public.job_applications_created_at_idx;
drop index public.contact_messages_status_created_at_idx;
drop index public.job_applications_status_created_at_idx;

create index contact_messages_created_at_id_idx
  on public.contact_messages (created_at desc, id desc);
create index job_applications_created_at_id_idx
  on public.job_applications (created_at desc, id desc);
create index contact_messages_status_created_at_id_idx
  on public.contact_messages (status, created_at desc, id desc);
create index job_applications_status_created_at_id_idx
  on public.job_applications (status, created_at desc, id desc);

-- The admin's user list, newest first with the id as tie-breaker.
create index platform_users_created_at_id_idx
  on public.platform_users (created_at desc, id desc);
