-- No publication or closing may be scheduled sooner than 15 seconds ahead.
-- A public page made from posts or jobs may be kept by a shared cache for
-- s-maxage plus stale-while-revalidate, 15 seconds together
-- (app/utils/public-cache.server.ts), and a copy made before a schedule was
-- set cannot know of it: with the schedule at least that far ahead, every
-- such copy, on any machine and in any cache, has ended by its time. A time
-- sooner than that, however it arrives (the dashboard, REST, SQL), is moved
-- to 15 seconds ahead; a time in the past (publish now, closed) is kept.
create schema if not exists private;
revoke all on schema private from public, anon, authenticated;

create function private.schedule_lead_time()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_column text := tg_argv[0];
  v_at timestamptz := (to_jsonb(new) ->> v_column)::timestamptz;
  v_was timestamptz;
  v_earliest timestamptz := now() + interval '15 seconds';
begin
  if tg_op = 'UPDATE' then
    v_was := (to_jsonb(old) ->> v_column)::timestamptz;
    if v_at is not distinct from v_was then
      return new;
    end if;
  end if;
  if v_at > now() and v_at < v_earliest then
    new := jsonb_populate_record(new, jsonb_build_object(v_column, v_earliest));
  end if;
  return new;
end;
$$;

revoke all on function private.schedule_lead_time() from public;

create trigger blog_posts_schedule_lead_time
before insert or update of published_at on public.blog_posts
for each row execute function private.schedule_lead_time('published_at');

create trigger jobs_schedule_lead_time
before insert or update of closes_at on public.jobs
for each row execute function private.schedule_lead_time('closes_at');
