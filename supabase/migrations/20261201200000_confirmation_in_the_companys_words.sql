-- The candidate's confirmation is sent by the company's own sender, aligned
-- for SPF and DKIM, to an address anyone can type into the form: so it says
-- only what the company wrote. Of the visitor's text only the name is in it,
-- as a greeting: control and format characters become spaces, any word that
-- could be a link, an address or markup is left out, and it is cut to 40
-- characters. One confirmation per address per job: a second application
-- from the same address (another CV) is stored and the team told, but the
-- address is not mailed again (decision 186).

create schema if not exists private;
revoke all on schema private from public, anon, authenticated;

create function private.name_for_mail(p_name text)
returns text
language sql
immutable
set search_path = ''
as $$
  select btrim(left(btrim(regexp_replace(
    regexp_replace(
      regexp_replace(coalesce(p_name, ''), '[[:cntrl:]\u00ad\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]', ' ', 'g'),
      '[^[:space:]]*([:/@<>\\&=%]|www|\.[[:alpha:]]{2})[^[:space:]]*', '', 'gi'),
    '[[:space:]]+', ' ', 'g')), 40))
$$;

revoke execute on function private.name_for_mail(text) from public, anon, authenticated;

create index job_applications_job_email_idx
  on public.job_applications (job_id, lower(email));

create or replace function public.confirm_application()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_kept text := public.period_in_words(
    (select r.keep_for from public.retention_periods r where r.kind = 'application')
  );
  v_name text := private.name_for_mail(new.name);
begin
  if exists (
    select 1
    from public.candidate_emails e
    join public.job_applications a on a.id = e.application_id
    where e.purpose = 'confirmation'
      and a.job_id = new.job_id
      and lower(a.email) = lower(new.email)
  ) then
    return new;
  end if;
  insert into public.candidate_emails (application_id, purpose, subject, body, sent_by)
  values (
    new.id,
    'confirmation',
    left(format('We received your application for %s', new.job_title), 200),
    format(
      E'%s\n\n'
      || 'thank you for applying for %s at Recursa. Your application and CV reached us, '
      || E'and we will come back to you.\n\n'
      || 'If we do not go ahead with your application, or if you withdraw it, we delete it '
      || E'and your CV %s after that decision. Reply to this e-mail to have them deleted sooner.\n\n'
      || 'The Recursa team',
      case when v_name = '' then 'Hello,' else format('Hello %s,', v_name) end,
      new.job_title, v_kept
    ),
    null
  );
  return new;
end;
$$;

revoke execute on function public.confirm_application() from public, anon, authenticated;
