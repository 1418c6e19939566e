-- The candidate's confirmation: when an application is stored, an e-mail to
-- its address joins the outbox in the same transaction (sent like a reply,
-- supabase/migrations/20261130200000_candidate_emails.sql), saying how long
-- the application is kept once decided, from retention_periods.

-- A period in words: '6 mons' reads "6 months", '1 year 6 mons' "1 year and
-- 6 months".
create function public.period_in_words(p_period interval)
returns text
language plpgsql
immutable
set search_path = ''
as $$
declare
  v_parts text[] := '{}';
  v_unit text;
  v_count numeric;
begin
  foreach v_unit in array array['year', 'month', 'day', 'hour', 'minute', 'second'] loop
    v_count := trunc(case v_unit
      when 'year' then extract(year from p_period)
      when 'month' then extract(month from p_period)
      when 'day' then extract(day from p_period)
      when 'hour' then extract(hour from p_period)
      when 'minute' then extract(minute from p_period)
      else extract(second from p_period)
    end);
    if v_count <> 0 then
      v_parts := v_parts || format('%s %s%s', v_count, v_unit, case when v_count = 1 then '' else 's' end);
    end if;
  end loop;
  if cardinality(v_parts) = 0 then
    return '0 seconds';
  elsif cardinality(v_parts) = 1 then
    return v_parts[1];
  end if;
  return array_to_string(v_parts[1:cardinality(v_parts) - 1], ', ')
    || ' and ' || v_parts[cardinality(v_parts)];
end;
$$;

create function public.confirm_application()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_kept text := public.period_in_words(
    (select r.keep_for from public.retention_periods r where r.kind = 'application')
  );
begin
  insert into public.candidate_emails (application_id, purpose, subject, body, sent_by)
  values (
    new.id,
    'confirmation',
    left(format('We received your application for %s', new.job_title), 200),
    format(
      E'Hello %s,\n\n'
      || 'thank you for applying for %s at Recursa. Your application and CV reached us, '
      || E'and we will come back to you.\n\n'
      || 'If we do not go ahead with your application, or if you withdraw it, we delete it '
      || E'and your CV %s after that decision. Reply to this e-mail to have them deleted sooner.\n\n'
      || 'The Recursa team',
      new.name, new.job_title, v_kept
    ),
    null
  );
  return new;
end;
$$;

revoke execute on function public.confirm_application() from public, anon, authenticated;

create trigger job_applications_confirm
  after insert on public.job_applications
  for each row execute function public.confirm_application();

revoke execute on function public.period_in_words(interval) from public, anon, authenticated;
grant execute on function public.period_in_words(interval) to service_role;
