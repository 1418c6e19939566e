-- Authors are people (docs/decisions/234-author-profiles.md): each person
-- who writes has a profile (display name, short bio, photo with variants,
-- links) that they alone edit, and a post is credited to one of them
-- (byline_id) and may name a co-author. A post written before this keeps no
-- byline, "Recursa Team", until someone credits it.
--
-- What anyone may read: a visitor sees the profile of a person credited on a
-- public post and nothing of anyone else; a writer sees every profile (to
-- name a co-author); a person always sees their own.

create table public.author_profiles (
  id uuid primary key references auth.users (id) on delete cascade,
  slug text not null unique
    constraint author_profiles_slug_check
      check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and length(slug) <= 60),
  display_name text not null
    constraint author_profiles_display_name_check
      check (length(btrim(display_name)) between 1 and 80),
  bio text
    constraint author_profiles_bio_check check (length(bio) <= 500),
  -- The photo's variants as blog_posts.cover_variants holds a cover's.
  photo_variants jsonb
    constraint author_profiles_photo_variants_check
      check (photo_variants is null or jsonb_typeof(photo_variants) = 'object'),
  -- Up to five https links, each without spaces, quotes or angle brackets.
  links text[] not null default '{}'
    constraint author_profiles_links_check
      check (
        cardinality(links) <= 5
        and length(array_to_string(links, ' ')) <= 1600
        and (cardinality(links) = 0 or array_to_string(links, ' ')
          ~ '^https://[^\s/?#<>"][^\s<>"]*( https://[^\s/?#<>"][^\s<>"]*)*$')
      ),
  updated_at timestamptz not null default now()
);

comment on table public.author_profiles is
  'Each writer''s public profile, edited by themselves; public once they are credited on a public post (docs/decisions/234).';

alter table public.blog_posts
  add column byline_id uuid references public.author_profiles (id) on delete set null,
  add column co_author_id uuid references public.author_profiles (id) on delete set null,
  add constraint blog_posts_co_author_check check (co_author_id <> byline_id);

comment on column public.blog_posts.byline_id is
  'Whom the post is credited to; null: "Recursa Team".';

create index blog_posts_byline_idx on public.blog_posts (byline_id, published_at desc)
  where byline_id is not null;
create index blog_posts_co_author_idx on public.blog_posts (co_author_id, published_at desc)
  where co_author_id is not null;

alter table public.author_profiles enable row level security;

revoke all on table public.author_profiles from public, anon, authenticated;
grant select on table public.author_profiles to anon, authenticated;
grant insert (id, slug, display_name, bio, photo_variants, links),
  update (slug, display_name, bio, photo_variants, links, updated_at)
  on table public.author_profiles to authenticated;
grant all on table public.author_profiles to service_role;

create policy "author profiles: anyone reads those credited on a public post"
  on public.author_profiles for select
  to anon, authenticated
  using (
    -- Through the caller's own view of blog_posts: the posts' rule decides.
    exists (
      select 1 from public.blog_posts p
      where (p.byline_id = author_profiles.id or p.co_author_id = author_profiles.id)
        and public.post_is_public(p)
    )
  );

create policy "author profiles: writers read all, each person their own"
  on public.author_profiles for select
  to authenticated
  using (id = (select auth.uid()) or (select private.may('posts')));

create policy "author profiles: writers create their own"
  on public.author_profiles for insert
  to authenticated
  with check (id = (select auth.uid()) and (select private.may('posts')));

create policy "author profiles: each person changes their own"
  on public.author_profiles for update
  to authenticated
  using (id = (select auth.uid()) and (select private.may('posts')))
  with check (id = (select auth.uid()) and (select private.may('posts')));

-- A writer credits a post to themselves only; editors and admins credit
-- anyone. A co-author any writer may name.
create function private.guard_post_byline()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if current_user not in ('anon', 'authenticated') then
    return new;
  end if;
  if new.byline_id is not null
    and new.byline_id is distinct from new.author_id
    and (tg_op = 'INSERT' or new.byline_id is distinct from old.byline_id)
    and not private.may('all-posts')
  then
    raise exception 'Only editors credit a post to someone else.'
      using errcode = '42501';
  end if;
  return new;
end;
$$;

revoke all on function private.guard_post_byline() from public;

create trigger blog_posts_guard_byline
  before insert or update of byline_id on public.blog_posts
  for each row execute function private.guard_post_byline();
