-- Rate limits and the sign-in throttle, counted in Postgres so that every app
-- machine shares one count and a stopped machine forgets nothing. Only the
-- service role (the app server's key) may read or count: the table has row
-- level security with no policy, and the functions are not executable by
-- anon or authenticated.

create table public.rate_limits (
  key text primary key,
  hits integer not null,
  reset_at timestamptz not null
);

create index rate_limits_reset_at_idx on public.rate_limits (reset_at);

alter table public.rate_limits enable row level security;
revoke all on table public.rate_limits from anon, authenticated;
grant all on table public.rate_limits to service_role;

-- Adds p_increment (0 only reads) to each key's fixed window of
-- p_window_seconds and returns each key's count and the seconds until its
-- window starts over. Expired windows are deleted on the way, so the table
-- holds only live windows. One call is one round trip for any number of keys.
create function public.rate_limit_hit(
  p_keys text[],
  p_window_seconds integer,
  p_increment integer default 1
)
returns table (key text, hits integer, retry_after integer)
language plpgsql
security definer
set search_path = ''
as $$
begin
  delete from public.rate_limits as r where r.reset_at <= now();
  return query
  insert into public.rate_limits as r (key, hits, reset_at)
  select k, p_increment, now() + make_interval(secs => p_window_seconds)
  from unnest(p_keys) as k
  on conflict on constraint rate_limits_pkey
  do update set hits = r.hits + excluded.hits
  returning
    r.key,
    r.hits,
    greatest(1, ceil(extract(epoch from r.reset_at - now())))::integer;
end;
$$;

-- Forgets keys, e.g. an account's failed sign-ins once its owner signs in.
create function public.rate_limit_reset(p_keys text[])
returns void
language sql
security definer
set search_path = ''
as $$
  delete from public.rate_limits where key = any (p_keys);
$$;

revoke execute on function public.rate_limit_hit(text[], integer, integer) from public, anon, authenticated;
revoke execute on function public.rate_limit_reset(text[]) from public, anon, authenticated;
grant execute on function public.rate_limit_hit(text[], integer, integer) to service_role;
grant execute on function public.rate_limit_reset(text[]) to service_role;
