-- Revisions (docs/decisions/132): every save of a post keeps what it
-- became, whichever client saved it, so an author can compare any two and
-- restore one. A revision holds the row as JSON (to_jsonb, so a new column
-- is kept without touching this) and the post's tag names.

create table public.post_revisions (
  id uuid primary key default gen_random_uuid(),
  post_id uuid not null references public.blog_posts (id) on delete cascade,
  post jsonb not null,
  tags text[] not null default '{}',
  saved_by uuid references auth.users (id) on delete set null,
  saved_at timestamptz not null default clock_timestamp(),
  -- What the list of revisions shows, without reading each whole post.
  title text generated always as (post ->> 'title') stored
);

create index post_revisions_post_id_saved_at_idx
  on public.post_revisions (post_id, saved_at desc, id desc);

alter table public.post_revisions enable row level security;

revoke all on table public.post_revisions from anon, authenticated;
grant select on table public.post_revisions to authenticated;
grant all on table public.post_revisions to service_role;

-- Whoever may edit the post reads its history; only the trigger writes it.
create policy "post revisions: editors of the post read"
  on public.post_revisions for select
  to authenticated
  using (public.can_edit_post(post_id));

-- How many revisions a post keeps: the newest, at least the 50 promised.
create function public.post_revisions_kept()
returns integer
language sql
immutable
set search_path = ''
as $$ select 100 $$;

-- Runs at commit (a deferred constraint trigger), when save_post has also
-- replaced the post's tag links, so the revision is the post as saved. A
-- transaction that writes the post twice keeps one revision of the result.
create function public.blog_posts_keep_revision()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_post jsonb;
  v_tags text[];
begin
  select to_jsonb(p) - 'search_vector' into v_post
  from public.blog_posts p
  where p.id = new.id;
  if v_post is null then
    return null;
  end if;
  v_tags := array(
    select t.name
    from public.post_tags pt
    join public.tags t on t.id = pt.tag_id
    where pt.post_id = new.id
    order by t.name
  );
  if exists (
    select 1
    from (
      select r.post, r.tags
      from public.post_revisions r
      where r.post_id = new.id
      order by r.saved_at desc, r.id desc
      limit 1
    ) latest
    where latest.post = v_post and latest.tags = v_tags
  ) then
    return null;
  end if;
  insert into public.post_revisions (post_id, post, tags, saved_by)
  values (new.id, v_post, v_tags, auth.uid());
  delete from public.post_revisions r
  where r.post_id = new.id
    and r.id not in (
      select k.id
      from public.post_revisions k
      where k.post_id = new.id
      order by k.saved_at desc, k.id desc
      limit public.post_revisions_kept()
    );
  return null;
end;
$$;

revoke execute on function public.blog_posts_keep_revision() from public, anon, authenticated;

create constraint trigger blog_posts_keep_revision
  after insert or update on public.blog_posts
  deferrable initially deferred
  for each row execute function public.blog_posts_keep_revision();

-- Every post starts its history with what it is now.
insert into public.post_revisions (post_id, post, tags, saved_by, saved_at)
select
  p.id,
  to_jsonb(p) - 'search_vector',
  array(
    select t.name
    from public.post_tags pt
    join public.tags t on t.id = pt.tag_id
    where pt.post_id = p.id
    order by t.name
  ),
  p.author_id,
  p.updated_at
from public.blog_posts p;
