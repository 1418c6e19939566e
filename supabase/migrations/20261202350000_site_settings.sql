-- The site's settings in the app (docs/decisions/233-site-settings-in-the-database.md):
-- who receives the team's e-mails, the name they come from, where a
-- candidate's answer goes, the newsletter's name, address and footer, in one
-- row of site_settings; the retention periods stay rows of retention_periods,
-- which gain the raw page views. Admins (the settings capability) change
-- both at /admin/settings; the edge functions read them with the secret key
-- and fall back to their secrets and defaults where a setting is null. Every
-- change is in the audit log, by trigger.

create table public.site_settings (
  id boolean primary key default true
    constraint site_settings_one_row check (id),
  contact_email text
    constraint site_settings_contact_email_check
      check (contact_email ~ '^[^@\s<>",]+@[^@\s<>",]+$' and length(contact_email) <= 254),
  applications_email text
    constraint site_settings_applications_email_check
      check (applications_email ~ '^[^@\s<>",]+@[^@\s<>",]+$' and length(applications_email) <= 254),
  candidate_reply_to text
    constraint site_settings_candidate_reply_to_check
      check (candidate_reply_to ~ '^[^@\s<>",]+@[^@\s<>",]+$' and length(candidate_reply_to) <= 254),
  -- Names go into a From header: no quotes, angle brackets or line breaks.
  sender_name text
    constraint site_settings_sender_name_check
      check (sender_name !~ '[<>"\r\n\\]' and length(sender_name) between 1 and 80),
  newsletter_name text
    constraint site_settings_newsletter_name_check
      check (newsletter_name !~ '[<>"\r\n\\]' and length(newsletter_name) between 1 and 80),
  newsletter_from text
    constraint site_settings_newsletter_from_check
      check (newsletter_from ~ '^[^@\s<>",]+@[^@\s<>",]+$' and length(newsletter_from) <= 254),
  newsletter_footer text
    constraint site_settings_newsletter_footer_check
      check (length(newsletter_footer) between 1 and 500),
  updated_at timestamptz not null default now()
);

comment on table public.site_settings is
  'The one row of the site''s settings; null means the default (docs/decisions/233).';

insert into public.site_settings default values;

alter table public.site_settings enable row level security;

revoke all on table public.site_settings from public, anon, authenticated;
grant select on table public.site_settings to authenticated;
grant update (
  contact_email, applications_email, candidate_reply_to, sender_name,
  newsletter_name, newsletter_from, newsletter_footer, updated_at
) on table public.site_settings to authenticated;
grant select, update on table public.site_settings to service_role;

-- The newsletter's senders read the name and footer their e-mail is made with.
create policy "site settings: admins and newsletter senders read"
  on public.site_settings for select
  to authenticated
  using ((select private.may('settings')) or (select private.may('newsletter')));

create policy "site settings: admins change"
  on public.site_settings for update
  to authenticated
  using ((select private.may('settings')))
  with check ((select private.may('settings')));

-- The raw page views' period (the privacy notice promises at most 30 days).
alter table public.retention_periods
  drop constraint retention_periods_kind_check,
  add constraint retention_periods_kind_check
    check (kind in ('application', 'message', 'analytics'));

insert into public.retention_periods (kind, keep_for) values ('analytics', interval '30 days');

comment on table public.retention_periods is
  'How long a decided application (rejected, withdrawn), a handled contact message or a raw page view is kept; admins change them at /admin/settings.';

grant update (keep_for, updated_at) on table public.retention_periods to authenticated;

create policy "retention_periods: admins change"
  on public.retention_periods for update
  to authenticated
  using ((select private.may('settings')))
  with check ((select private.may('settings')));

-- The settings page's save: both tables in one transaction, as the caller
-- (row-level security decides), so a refused half changes nothing. Every
-- key of p_settings is a column of site_settings (null: the default) or a
-- period, keep_<kind> (null: unchanged).
create function public.save_site_settings(p_settings jsonb)
returns void
language plpgsql
volatile
security invoker
set search_path = ''
as $$
begin
  if not private.may('settings') then
    raise exception 'Only admins change the settings' using errcode = '42501';
  end if;
  update public.site_settings
  set contact_email = p_settings ->> 'contact_email',
    applications_email = p_settings ->> 'applications_email',
    candidate_reply_to = p_settings ->> 'candidate_reply_to',
    sender_name = p_settings ->> 'sender_name',
    newsletter_name = p_settings ->> 'newsletter_name',
    newsletter_from = p_settings ->> 'newsletter_from',
    newsletter_footer = p_settings ->> 'newsletter_footer',
    updated_at = now()
  where id;
  update public.retention_periods r
  set keep_for = v.keep_for, updated_at = now()
  from (
    select k.kind, (p_settings ->> ('keep_' || k.kind))::interval as keep_for
    from (values ('application'), ('message'), ('analytics')) as k (kind)
  ) as v
  where r.kind = v.kind and v.keep_for is not null and r.keep_for <> v.keep_for;
end;
$$;

revoke all on function public.save_site_settings(jsonb) from public, anon;
grant execute on function public.save_site_settings(jsonb) to authenticated, service_role;

-- Each change of a setting: the fields that changed and their new values.
create function private.audit_site_settings()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_changes text;
begin
  select string_agg(
      format('%s: %s', n.key, coalesce(left(n.value #>> '{}', 60), 'default')),
      '; ' order by n.key)
    into v_changes
  from jsonb_each(to_jsonb(new)) n
  where n.key not in ('id', 'updated_at')
    and n.value is distinct from to_jsonb(old) -> n.key;
  if v_changes is null then
    return null;
  end if;
  perform private.audit('settings.change', 'settings', 'site', v_changes);
  return null;
end;
$$;

revoke all on function private.audit_site_settings() from public;

create trigger site_settings_audit
  after update on public.site_settings
  for each row execute function private.audit_site_settings();

-- The five-minute rotation deletes raw page views after the stored period.
create or replace function public.analytics_rotate(p_now timestamptz default now())
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_closing date := ((p_now - interval '10 minutes') at time zone 'utc')::date;
  v_days date[];
begin
  perform public.analytics_salt(p_now);
  delete from public.analytics_salts s where s.created_at <= p_now - interval '48 hours';

  perform pg_advisory_xact_lock(hashtext('public.analytics_record'));
  with recursive open_days (day) as (
    select min(l.day) from public.analytics_live l
    union all
    select (select min(l.day) from public.analytics_live l where l.day > o.day)
    from open_days o
    where o.day is not null
  )
  select coalesce(array_agg(o.day order by o.day), '{}') into v_days
  from open_days o
  where o.day < v_closing;

  perform private.analytics_close(v_days);

  delete from public.analytics_hits h
  where h.at < p_now - coalesce(
    (select r.keep_for from public.retention_periods r where r.kind = 'analytics'),
    interval '30 days');
end;
$$;
