-- The blog ("blueprints"): posts, tags and the links between them.

create table public.blog_posts (
  id uuid primary key default gen_random_uuid(),
  title text not null,
  excerpt text,
  content text not null,
  cover_image_url text,
  author_id uuid not null references auth.users (id) on delete cascade,
  published boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint blog_posts_title_not_blank check (btrim(title) <> ''),
  constraint blog_posts_content_not_blank check (btrim(content) <> '')
);

comment on table public.blog_posts is 'Blog posts; the content column holds sanitized HTML.';

-- The list query: published posts, newest first, id as a stable tie-breaker.
create index blog_posts_list_idx on public.blog_posts (published, created_at desc, id desc);
create index blog_posts_author_id_idx on public.blog_posts (author_id);

create trigger blog_posts_set_updated_at
  before update on public.blog_posts
  for each row execute function public.set_updated_at();

create table public.tags (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  created_at timestamptz not null default now(),
  -- The unique index also serves the lookup by exact name.
  constraint tags_name_key unique (name),
  constraint tags_name_not_blank check (btrim(name) <> '')
);

create table public.post_tags (
  post_id uuid not null references public.blog_posts (id) on delete cascade,
  tag_id uuid not null references public.tags (id) on delete cascade,
  primary key (post_id, tag_id)
);

-- The primary key covers lookups by post; this one serves the tag filter.
create index post_tags_tag_id_idx on public.post_tags (tag_id);

-- Whether the caller may change a post and its tag links: its author while
-- still an author, or any team member. Runs as owner so the post_tags
-- policies can look at blog_posts without depending on its select policy.
create function public.can_edit_post(p_post_id uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1
    from public.blog_posts p
    where p.id = p_post_id
      and (
        public.is_team_member()
        or (p.author_id = auth.uid() and public.is_author())
      )
  );
$$;

revoke execute on function public.can_edit_post(uuid) from public, anon;
grant execute on function public.can_edit_post(uuid) to authenticated, service_role;

alter table public.blog_posts enable row level security;
alter table public.tags enable row level security;
alter table public.post_tags enable row level security;

revoke all on table public.blog_posts from anon, authenticated;
revoke all on table public.tags from anon, authenticated;
revoke all on table public.post_tags from anon, authenticated;
grant select on table public.blog_posts, public.tags, public.post_tags to anon, authenticated;
grant insert, update, delete on table public.blog_posts to authenticated;
grant insert on table public.tags to authenticated;
grant insert, delete on table public.post_tags to authenticated;
grant all on table public.blog_posts, public.tags, public.post_tags to service_role;

create policy "blog posts: visitors read published posts"
  on public.blog_posts for select
  to anon
  using (published);

create policy "blog posts: signed-in users read published posts, their own and, as team, all"
  on public.blog_posts for select
  to authenticated
  using (
    published
    or author_id = (select auth.uid())
    or (select public.is_team_member())
  );

create policy "blog posts: authors insert as themselves"
  on public.blog_posts for insert
  to authenticated
  with check (author_id = (select auth.uid()) and (select public.is_author()));

create policy "blog posts: the author or a team member updates"
  on public.blog_posts for update
  to authenticated
  using (
    (select public.is_team_member())
    or (author_id = (select auth.uid()) and (select public.is_author()))
  )
  with check (
    (select public.is_team_member())
    or (author_id = (select auth.uid()) and (select public.is_author()))
  );

create policy "blog posts: only the author deletes"
  on public.blog_posts for delete
  to authenticated
  using (author_id = (select auth.uid()));

create policy "tags: anyone reads"
  on public.tags for select
  to anon, authenticated
  using (true);

create policy "tags: authors create"
  on public.tags for insert
  to authenticated
  with check ((select public.is_author()));

create policy "post tags: anyone reads"
  on public.post_tags for select
  to anon, authenticated
  using (true);

create policy "post tags: editors of the post link tags"
  on public.post_tags for insert
  to authenticated
  with check (public.can_edit_post(post_id));

create policy "post tags: editors of the post unlink tags"
  on public.post_tags for delete
  to authenticated
  using (public.can_edit_post(post_id));
