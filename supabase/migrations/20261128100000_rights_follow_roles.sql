-- Rights follow the roles a user holds now, the role helpers answer only
-- about the caller (or to the team), and "public post" is defined once
-- (docs/decisions/100-one-public-post-rights-follow-roles.md).

-- The helpers run as their owner so that policies can ask about membership
-- without re-entering their own tables' policies; that is also why a caller
-- could ask them about anyone. Now they answer about the caller, and about
-- another user only to a team member or to a caller that is neither anon nor
-- authenticated (the service role, the database's own roles). Policies pass
-- no argument, so they always ask about the caller and never see the refusal.
create or replace function public.is_team_member(uid uuid default auth.uid())
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_caller uuid := auth.uid();
begin
  if uid is distinct from v_caller
    and coalesce(auth.jwt() ->> 'role', '') in ('anon', 'authenticated')
    and not exists (select 1 from public.team_members t where t.id = v_caller)
  then
    raise exception 'Only team members may ask about another user''s roles.'
      using errcode = '42501';
  end if;
  return uid is not null and exists (
    select 1 from public.team_members t where t.id = uid
  );
end;
$$;

create or replace function public.is_author(uid uuid default auth.uid())
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select public.is_team_member(uid) or exists (
    select 1 from public.platform_users p where p.id = uid and p.is_author
  );
$$;

comment on function public.is_team_member(uuid) is
  'True when the user (default: the caller) is listed in team_members; only team members may ask about someone else.';
comment on function public.is_author(uuid) is
  'True when the user (default: the caller) is a team member or a platform user with is_author; only team members may ask about someone else.';

-- What makes a post public, in one place: the row policy below and the
-- functions that read posts past row-level security (search_posts,
-- related_posts) all ask this, and the app reads public pages with the
-- anonymous key, so no query repeats the rule. Changing what "public" means
-- is a `create or replace` of this function.
--
-- It takes the row and must stay a one-expression SQL function without a
-- SET clause: PostgreSQL then inlines it (the policy becomes `published`
-- itself, usable by indexes, and the row's large columns are never read to
-- build the argument). It names nothing but its argument's field, so no
-- search_path can change what it means (the database linter's warning on
-- its search_path is this function's one expected warning).
create function public.post_is_public(p public.blog_posts)
returns boolean
language sql
stable
as $$
  select p.published
$$;

comment on function public.post_is_public(public.blog_posts) is
  'Whether a post is public: the one rule every public read path goes through (docs/decisions/100).';

drop policy "blog posts: visitors read published posts" on public.blog_posts;
drop policy "blog posts: signed-in users read published posts, their own and, as team, all"
  on public.blog_posts;

create policy "blog posts: anyone reads public posts"
  on public.blog_posts for select
  to anon, authenticated
  using (public.post_is_public(blog_posts));

-- Authors additionally read their own posts and team members all; this never
-- makes a post public.
create policy "blog posts: writers read their own posts, team members all"
  on public.blog_posts for select
  to authenticated
  using (
    author_id = (select auth.uid())
    or (select public.is_team_member())
  );

-- Deleting a post takes being an author now, as editing it already did: a
-- user whose author status was removed keeps their posts but can no longer
-- delete them.
alter policy "blog posts: only the author deletes"
  on public.blog_posts
  using (author_id = (select auth.uid()) and (select public.is_author()));

-- Likewise for the images behind those posts: removing one breaks a
-- published post, so only a current author removes their own.
alter policy "blog-images: owners delete their own objects"
  on storage.objects
  using (
    bucket_id = 'blog-images'
    and (storage.foldername(name))[1] = (select auth.uid()::text)
    and (select public.is_author())
  );

alter policy "social-cards: owners delete their own objects"
  on storage.objects
  using (
    bucket_id = 'social-cards'
    and (storage.foldername(name))[1] = (select auth.uid()::text)
    and (select public.is_author())
  );
