-- Drafts, scheduled and published posts (docs/decisions/130): a post's
-- published_at is the contract. Null is a draft, a future time is scheduled,
-- a past time is published, and a post is public exactly when
-- published_at <= now(): a predicate the database evaluates on every read,
-- so a scheduled post appears on time with nothing running.

alter table public.blog_posts
  add column published_at timestamptz,
  -- The IANA zone the author scheduled in, to show the time back in it.
  add column publish_time_zone text
    constraint blog_posts_publish_time_zone_length check (char_length(publish_time_zone) <= 64);

comment on column public.blog_posts.published_at is
  'Null: a draft. Future: scheduled. Past: published. Public exactly when published_at <= now() (post_is_public).';
comment on column public.blog_posts.published is
  'Kept for the clients that write the flag: true exactly when published_at is set (blog_posts_a_sync_published).';

-- Every published post so far went public when it was created.
update public.blog_posts set published_at = created_at where published;

-- The flag and the time describe one state. A client that writes only the
-- flag (the seed, a new post, the service role's fixtures) gets a time: a
-- new published post is published when it is created, a post published
-- again is published now; one that writes the time gets the flag from it.
create function public.blog_posts_sync_published()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    if new.published_at is null and new.published then
      new.published_at := new.created_at;
    end if;
  elsif new.published_at is distinct from old.published_at then
    null;
  elsif new.published is distinct from old.published then
    new.published_at := case when new.published then now() end;
  end if;
  new.published := new.published_at is not null;
  return new;
end;
$$;

revoke execute on function public.blog_posts_sync_published() from public, anon, authenticated;

-- Named to run first of the before-triggers (they fire by name), so the
-- guard below judges the state that will be stored.
create trigger blog_posts_a_sync_published
  before insert or update on public.blog_posts
  for each row execute function public.blog_posts_sync_published();

-- What an author may write: as before (decision 082), and now the time of
-- publication too, within the state machine. A new post is a draft, or
-- published or scheduled from now on; a post not yet public may become a
-- draft, published now or scheduled; a public post stays as it is (no
-- back-dating, no unpublishing, no moving it to the top of the list).
-- 'now' is PostgreSQL's own input for the statement's transaction time,
-- which is how the app publishes at once by the database's clock.
create or replace function public.guard_post_columns()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if current_user not in ('anon', 'authenticated') then
    return new;
  end if;
  if tg_op = 'INSERT' then
    if new.created_at <> now() or new.updated_at <> now() then
      raise exception 'A new post is created now: created_at and updated_at are set by the database.'
        using errcode = '42501';
    end if;
    if new.published_at < now() then
      raise exception 'A post is published now or later, never in the past.'
        using errcode = '42501';
    end if;
    return new;
  end if;
  if new.id is distinct from old.id
    or new.author_id is distinct from old.author_id
    or new.created_at is distinct from old.created_at
    or (new.updated_at is distinct from old.updated_at and new.updated_at <> now())
  then
    raise exception 'Only a post''s title, excerpt, content, cover image and tags can be changed.'
      using errcode = '42501';
  end if;
  if new.published_at is distinct from old.published_at then
    if old.published_at <= now() then
      raise exception 'A published post stays published: its publication time cannot change.'
        using errcode = '42501';
    end if;
    if new.published_at < now() then
      raise exception 'A post is published now or later, never in the past.'
        using errcode = '42501';
    end if;
  end if;
  return new;
end;
$$;

-- The one rule (decision 100), now by time: the policy, search_posts() and
-- related_posts() all read it. Still one expression without a SET clause, so
-- it is inlined and the planner sees `published_at <= now()`.
create or replace function public.post_is_public(p public.blog_posts)
returns boolean
language sql
stable
as $$
  select p.published_at <= now()
$$;

-- The list and the feed: public posts newest first by publication, the id
-- as tie-breaker; also the lookup of the next scheduled time.
create index blog_posts_published_at_idx
  on public.blog_posts (published_at desc, id desc);
drop index public.blog_posts_list_idx;

-- Tag links follow their post: a draft's tags (and so its id) are readable
-- exactly by those who may read the draft. The subquery runs under
-- blog_posts' own policies for the caller.
alter policy "post tags: anyone reads"
  on public.post_tags
  using (exists (select 1 from public.blog_posts p where p.id = post_id));

-- How long until the public blog next changes by itself: seconds until the
-- earliest publication still ahead, or null when none is. Every cache of a
-- public page ends by then (docs/decisions/130). Measured by the database's
-- clock, the one that decides what is public, so an app server's clock
-- cannot make a cache outlive it. Runs as its owner so anyone may ask; it
-- tells only when, never which post.
create function public.seconds_to_next_publication()
returns double precision
language sql
stable
security definer
set search_path = ''
as $$
  select extract(epoch from min(p.published_at) - now())::double precision
  from public.blog_posts p
  where p.published_at > now();
$$;

revoke execute on function public.seconds_to_next_publication() from public;
grant execute on function public.seconds_to_next_publication() to anon, authenticated, service_role;
