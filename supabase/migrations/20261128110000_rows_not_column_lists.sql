-- Each SQL object names a table's columns once: functions and views pass
-- rows (a table's row type, or to_jsonb of the row) instead of hand-written
-- column lists, so a new column is one `alter table` plus the code that
-- shows it (docs/decisions/101-rows-not-column-lists.md).

-- save_post: the post's writable fields come as one JSON object and reach
-- the table by the table's own column names. Keys that name no column are
-- ignored; columns the database owns (id, author_id, dates, published) are
-- refused by the guard_post_columns trigger and the row policies, as for any
-- other client. Text values are trimmed and a blank one is no value: pass a
-- key with null (or "") to clear it, leave it out to keep it.
--
-- p_id null creates a post (author = caller, published); otherwise the post is
-- updated and updated_at set. Tags as before: trimmed, de-duplicated, blank
-- ones ignored, missing ones created by exact name, the post's links replaced.
-- A team member without a platform_users row gets one, as before.
--
-- Errors (SQLSTATE, message):
--   42501 'Please sign in to publish posts'        no signed-in user
--   42501 'This area is restricted to authors and team members only.'
--   22023 'Please provide a title and content for your post.'
--   P0002 'Blog post not found.'                    p_id matches no post
--   42501 'You are not allowed to edit this post.'  post exists, caller may not edit it
drop function public.save_post(uuid, text, text, text, text, text[]);

create function public.save_post(
  p_id uuid,
  p_post jsonb,
  p_tags text[] default '{}'
)
returns public.blog_posts
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
  v_post public.blog_posts;
  v_fields jsonb;
  v_columns text;
  v_tag_names text[];
begin
  if v_uid is null then
    raise exception 'Please sign in to publish posts' using errcode = '42501';
  end if;

  if not public.is_author() then
    raise exception 'This area is restricted to authors and team members only.'
      using errcode = '42501';
  end if;

  select coalesce(jsonb_object_agg(
      key,
      case when jsonb_typeof(value) = 'string'
        then to_jsonb(nullif(btrim(value #>> '{}'), ''))
        else value end
    ), '{}')
  into v_fields
  from jsonb_each(case when jsonb_typeof(p_post) = 'object' then p_post else '{}' end);

  if v_fields ->> 'title' is null or v_fields ->> 'content' is null then
    raise exception 'Please provide a title and content for your post.'
      using errcode = '22023';
  end if;

  if public.is_team_member() then
    insert into public.platform_users (id, email, username, is_author)
    values (v_uid, auth.jwt() ->> 'email', '', true)
    on conflict (id) do nothing;
  end if;

  -- The database's part: who wrote a new post, when an edit happened.
  v_fields := v_fields || case when p_id is null
    then jsonb_build_object('author_id', v_uid)
    else jsonb_build_object('updated_at', now()) end;

  -- The object's keys that are columns a client may write (not generated).
  select string_agg(format('%I', a.attname), ', ' order by a.attnum)
  into v_columns
  from pg_catalog.pg_attribute a
  where a.attrelid = 'public.blog_posts'::regclass
    and a.attnum > 0
    and not a.attisdropped
    and a.attgenerated = ''
    and v_fields ? a.attname::text;

  if p_id is null then
    execute format(
      'insert into public.blog_posts (%1$s) select %1$s from jsonb_populate_record(null::public.blog_posts, $1) returning *',
      v_columns
    )
    using v_fields
    into v_post;
  else
    execute format(
      'update public.blog_posts set (%1$s) = (select %1$s from jsonb_populate_record(null::public.blog_posts, $1)) where id = $2 returning *',
      v_columns
    )
    using v_fields, p_id
    into v_post;

    if v_post.id is null then
      -- The update saw no row: either there is none, or the update policy
      -- hid it from this caller. A plain select tells the two apart for
      -- anything the caller may read.
      if exists (select 1 from public.blog_posts where id = p_id) then
        raise exception 'You are not allowed to edit this post.' using errcode = '42501';
      end if;
      raise exception 'Blog post not found.' using errcode = 'P0002';
    end if;
  end if;

  select coalesce(array_agg(distinct n), '{}')
  into v_tag_names
  from (select btrim(t) as n from unnest(coalesce(p_tags, '{}')) as t) as names
  where n <> '';

  insert into public.tags (name)
  select unnest(v_tag_names)
  on conflict (name) do nothing;

  delete from public.post_tags where post_id = v_post.id;

  insert into public.post_tags (post_id, tag_id)
  select v_post.id, t.id
  from public.tags t
  where t.name = any (v_tag_names);

  return v_post;
end;
$$;

comment on function public.save_post(uuid, jsonb, text[]) is
  'Create (p_id null) or update a post from a JSON object of its columns and replace its tags atomically; runs under the caller''s RLS.';

revoke execute on function public.save_post(uuid, jsonb, text[]) from public, anon;
grant execute on function public.save_post(uuid, jsonb, text[]) to authenticated, service_role;

-- The search document is made from the whole row by one function, kept by a
-- trigger: making another column searchable is a change to
-- post_search_document (and a backfill), not a dropped and re-added generated
-- column with its index. The column keeps its values and its GIN index.
alter table public.blog_posts alter column search_vector drop expression;
-- What a client inserts without it: the trigger below writes the real one.
alter table public.blog_posts alter column search_vector set default ''::tsvector;

create function public.post_search_document(p public.blog_posts)
returns tsvector
language sql
immutable
parallel safe
set search_path = ''
as $$
  select setweight(to_tsvector('english'::regconfig, coalesce(p.title, '')), 'A')
    || setweight(to_tsvector('english'::regconfig, coalesce(p.excerpt, '')), 'B')
    || setweight(to_tsvector('english'::regconfig, public.post_plain_text(p.content)), 'C');
$$;

create function public.blog_posts_set_search_vector()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.search_vector := public.post_search_document(new);
  return new;
end;
$$;

revoke execute on function public.blog_posts_set_search_vector() from public, anon, authenticated;

-- Runs on every write, like the generated column did, and after the other
-- before-triggers by name, so it indexes what is stored.
create trigger blog_posts_z_search_vector
  before insert or update on public.blog_posts
  for each row execute function public.blog_posts_set_search_vector();

drop function public.post_search_vector(text, text, text);

comment on column public.blog_posts.search_vector is
  'Full-text document of the post (post_search_document), set on every write; read by search_posts().';

-- search_posts: one page of public posts matching a visitor's search, best
-- match first (then newest), optionally only those with a tag. p_query is
-- read by websearch_to_tsquery, which never fails on syntax; a query of stop
-- words or punctuation matches nothing.
--
-- Security definer, reading public posts only (post_is_public): under row
-- level security PostgreSQL may not use the GIN index for `@@`, an operator
-- not marked leakproof, and every post's document would be read for every
-- search. It answers the same for every caller.
--
-- Cost is bounded, whatever the number of posts: only the newest 200 matches
-- are candidates, and only candidates are ranked; `total` counts candidates,
-- so pages reach at most the 200th. A broader search's best matches among
-- older posts are found by a narrower search or a tag. Reading a post's
-- document (a few kilobytes, stored compressed out of line) is what costs,
-- and the planner does not count it: left alone it may check a common word
-- post by post along the date index, or read every post's document. The
-- function therefore matches through the GIN index only (a bitmap, which
-- reads no document) and reads documents for its candidates' ranks alone.
--
-- Answers {"total": n, "hits": [{"id", "headline"}, ...]}, best first: the
-- app reads the posts it shows with its own select. A hit's headline is the
-- post's excerpt (or, with none, the start of its body text) with matched
-- words between U+0001 and U+0002: characters a post's text cannot show (they
-- are removed from the text first), so the page marks them up itself and
-- never renders HTML from here.
drop function public.search_posts(text, text, integer, integer);

create function public.search_posts(
  p_query text,
  p_tag text default null,
  p_limit integer default 12,
  p_offset integer default 0
)
returns jsonb
language sql
stable
security definer
set search_path = ''
set enable_seqscan = off
set enable_indexscan = off
as $$
  with query as (
    select websearch_to_tsquery('english'::regconfig, coalesce(p_query, '')) as q
  ),
  newest as (
    select p.id, p.created_at, p.search_vector
    from public.blog_posts p
    where public.post_is_public(p)
      and p.search_vector
        @@ websearch_to_tsquery('english'::regconfig, coalesce(p_query, ''))
      and (
        p_tag is null
        or exists (
          select 1
          from public.post_tags pt
          join public.tags t on t.id = pt.tag_id
          where pt.post_id = p.id and t.name = p_tag
        )
      )
    order by p.created_at desc, p.id desc
    limit 200
  ),
  candidates as (
    select newest.id, newest.created_at, ts_rank(newest.search_vector, query.q) as rank
    from newest, query
  ),
  page as (
    select c.id, c.rank, c.created_at
    from candidates c
    order by c.rank desc, c.created_at desc, c.id desc
    limit least(greatest(coalesce(p_limit, 12), 0), 50)
    offset greatest(coalesce(p_offset, 0), 0)
  )
  select jsonb_build_object(
    'total', (select count(*) from candidates),
    'hits', coalesce(
      (
        select jsonb_agg(
          jsonb_build_object(
            'id', p.id,
            'headline', ts_headline(
              'english'::regconfig,
              translate(
                coalesce(
                  nullif(btrim(p.excerpt), ''),
                  left(public.post_plain_text(p.content), 1000)
                ),
                chr(1) || chr(2),
                ''
              ),
              query.q,
              'StartSel=' || chr(1) || ', StopSel=' || chr(2)
                || ', MaxWords=60, MinWords=25, HighlightAll=' ||
                case when nullif(btrim(p.excerpt), '') is null then 'false' else 'true' end
            )
          )
          order by page.rank desc, page.created_at desc, page.id desc
        )
        from page
        join public.blog_posts p on p.id = page.id
        cross join query
      ),
      '[]'::jsonb
    )
  );
$$;

revoke execute on function public.search_posts(text, text, integer, integer) from public;
grant execute on function public.search_posts(text, text, integer, integer)
  to anon, authenticated, service_role;

-- related_posts: up to p_limit other public posts sharing a tag with the
-- given one, most shared tags first, then newest; none when it has no tags
-- or no other post shares one. Rows of blog_posts: the caller selects the
-- columns it shows (`rpc/related_posts?select=id,title`).
--
-- Bounded like the search: the candidates are the newest 200 public posts
-- sharing any tag, so a tag on thousands of posts costs what one on a few
-- hundred does. Security definer and public posts only (post_is_public), like
-- the search, so its joins need no row policy on every row.
drop function public.related_posts(uuid, integer);

create function public.related_posts(p_post_id uuid, p_limit integer default 3)
returns setof public.blog_posts
language sql
stable
security definer
set search_path = ''
as $$
  with mine as (
    -- A post that is not public has no related posts to show anyone.
    select pt.tag_id
    from public.post_tags pt
    join public.blog_posts me on me.id = pt.post_id
    where pt.post_id = p_post_id and public.post_is_public(me)
  ),
  candidates as (
    select p.id, p.created_at
    from public.blog_posts p
    where p.id <> p_post_id
      and public.post_is_public(p)
      and exists (
        select 1 from public.post_tags theirs
        where theirs.post_id = p.id and theirs.tag_id in (select tag_id from mine)
      )
    order by p.created_at desc, p.id desc
    limit 200
  ),
  ranked as (
    select c.id, c.created_at, (
      select count(*) from public.post_tags theirs
      where theirs.post_id = c.id and theirs.tag_id in (select tag_id from mine)
    ) as shared
    from candidates c
    order by shared desc, c.created_at desc, c.id desc
    limit least(greatest(coalesce(p_limit, 3), 0), 12)
  )
  select p.*
  from ranked
  join public.blog_posts p on p.id = ranked.id
  order by ranked.shared desc, ranked.created_at desc, ranked.id desc;
$$;

revoke execute on function public.related_posts(uuid, integer) from public;
grant execute on function public.related_posts(uuid, integer)
  to anon, authenticated, service_role;

-- The team inbox: one list of both kinds, newest first. The view names only
-- what the list filters and orders by; each submission comes whole as JSON,
-- so a new field on a form shows up here without touching the view.
-- security_invoker: the tables' policies decide what it shows.
drop view public.inbox_items;

create view public.inbox_items
with (security_invoker = true)
as
  select m.id, 'message'::text as kind, m.status, m.created_at, to_jsonb(m) as submission
  from public.contact_messages m
  union all
  select a.id, 'application'::text as kind, a.status, a.created_at, to_jsonb(a) as submission
  from public.job_applications a;

revoke all on table public.inbox_items from anon, authenticated;
grant select on table public.inbox_items to authenticated;
grant select on table public.inbox_items to service_role;

-- Which table holds a kind of submission, for the functions that treat both
-- kinds alike.
create function public.submission_table(p_kind text)
returns regclass
language sql
immutable
set search_path = ''
as $$
  select case p_kind
    when 'message' then 'public.contact_messages'::regclass
    when 'application' then 'public.job_applications'::regclass
  end;
$$;

revoke execute on function public.submission_table(text) from public, anon, authenticated;
grant execute on function public.submission_table(text) to service_role;

-- Hands out notifications that are due, each to one sender for p_lease_seconds
-- (as before): a sender that dies mid-send leaves its lease to run out, and
-- the next run takes the row again. Each submission comes whole as JSON.
drop function public.claim_notifications(integer, integer, text, uuid);

create function public.claim_notifications(
  p_limit integer default 20,
  p_lease_seconds integer default 60,
  p_kind text default null,
  p_id uuid default null
)
returns table (kind text, id uuid, attempts integer, submission jsonb)
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_kind text;
begin
  foreach v_kind in array array['message', 'application'] loop
    continue when p_kind is not null and p_kind <> v_kind;
    return query execute format(
      $sql$
      with due as (
        select s.id
        from %1$s s
        where ($1::uuid is null or s.id = $1)
          and s.notification_state = 'pending'
          and s.notification_next_at <= now()
          and (s.notification_claimed_until is null or s.notification_claimed_until < now())
        order by s.notification_next_at
        limit $2
        for update skip locked
      ), claimed as (
        update %1$s s
        set notification_claimed_until = now() + make_interval(secs => $3)
        from due
        where s.id = due.id
        returning s.*
      )
      select %2$L::text, c.id, c.notification_attempts, to_jsonb(c)
      from claimed c
      $sql$,
      public.submission_table(v_kind),
      v_kind
    )
    using p_id, p_limit, p_lease_seconds;
  end loop;
end;
$$;

-- Records one try (as before): a failure waits 30 s, 1, 2, 4 … minutes (at
-- most an hour); the eighth failure, or one not worth retrying, gives up and
-- marks the row failed.
create or replace function public.finish_notification(
  p_kind text,
  p_id uuid,
  p_sent boolean,
  p_error text default null,
  p_retry boolean default true
)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_table regclass := public.submission_table(p_kind);
  v_state text;
begin
  if v_table is null then
    raise exception 'unknown submission kind %', p_kind using errcode = '22023';
  end if;
  execute format(
    $sql$
    update %s
    set notification_attempts = notification_attempts + 1,
        notification_state = case
          when $2 then 'sent'
          when not $4 or notification_attempts + 1 >= 8 then 'failed'
          else 'pending' end,
        notification_error = case when $2 then null else left($3, 500) end,
        notification_next_at = case when $2 then notification_next_at
          else now() + least(interval '1 hour', interval '30 seconds' * power(2, notification_attempts)) end,
        notification_claimed_until = null
    where id = $1 and notification_state = 'pending'
    returning notification_state
    $sql$,
    v_table
  )
  using p_id, p_sent, p_error, p_retry
  into v_state;
  return v_state;
end;
$$;

revoke execute on function public.claim_notifications(integer, integer, text, uuid) from public, anon, authenticated;
grant execute on function public.claim_notifications(integer, integer, text, uuid) to service_role;
