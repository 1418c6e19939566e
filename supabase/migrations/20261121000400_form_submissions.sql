-- Form submissions, stored before the sender is thanked. Only the service
-- role (the contact-us and job-application functions) reads or writes them:
-- row-level security is on with no policy for anon or authenticated, and they
-- hold no table privileges either.

create table public.contact_messages (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  email text not null,
  message text not null,
  company text,
  -- Which form sent it, e.g. 'contact-page' or 'company-dialog'.
  source text,
  created_at timestamptz not null default now()
);

create index contact_messages_created_at_idx on public.contact_messages (created_at desc);

create table public.job_applications (
  id uuid primary key default gen_random_uuid(),
  job_id text not null,
  job_title text not null,
  name text not null,
  email text not null,
  comment text,
  cv_file_name text not null,
  -- Object name in the cv-uploads bucket.
  cv_path text not null,
  created_at timestamptz not null default now()
);

create index job_applications_created_at_idx on public.job_applications (created_at desc);

alter table public.contact_messages enable row level security;
alter table public.job_applications enable row level security;

revoke all on table public.contact_messages from anon, authenticated;
revoke all on table public.job_applications from anon, authenticated;
grant all on table public.contact_messages to service_role;
grant all on table public.job_applications to service_role;
