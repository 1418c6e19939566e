-- Each post's views and visitors over the last p_days days (today included),
-- for the posts the caller wrote, from the daily aggregates: what an author's
-- list of posts on /write shows. Only the team reads analytics_daily itself;
-- this answers an author about their own posts and nothing else (a caller
-- who is no longer an author gets nothing). A post is counted under its own
-- path, /blueprints/<id>.
create function public.analytics_own_post_views(p_days integer default 30)
returns table (post_id uuid, views bigint, visitors bigint)
language sql
stable
security definer
set search_path = ''
as $$
  select p.id, sum(d.views)::bigint, sum(d.visitors)::bigint
  from public.blog_posts p
  join public.analytics_daily d
    on d.dimension = 'post' and d.value = '/blueprints/' || p.id::text
  where p.author_id = (select auth.uid())
    and (select public.is_author())
    and d.day > (now() at time zone 'utc')::date - least(greatest(p_days, 1), 366)
  group by p.id;
$$;

revoke execute on function public.analytics_own_post_views(integer) from public, anon;
grant execute on function public.analytics_own_post_views(integer) to authenticated;
