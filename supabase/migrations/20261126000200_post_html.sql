-- A post's HTML, sanitised once by the app server (app/lib/sanitize.ts)
-- rather than on every render: sanitize-html's cost grows with nesting, and a
-- query string made every view a render. Only the service role writes it, so
-- no author can put HTML here that the sanitiser did not make; each row names
-- the sanitiser version and the content (md5) it was made from, and the app
-- makes it again once either differs: a new policy, or content written by
-- another path (the REST API with an author's token).
create table public.post_html (
  post_id uuid primary key references public.blog_posts (id) on delete cascade,
  html text not null,
  sanitizer_version integer not null,
  content_md5 text not null,
  created_at timestamptz not null default now()
);

alter table public.post_html enable row level security;

revoke all on table public.post_html from anon, authenticated;
grant select on table public.post_html to anon, authenticated;
grant all on table public.post_html to service_role;

-- Readable exactly when its post is: the subquery runs under blog_posts' own
-- policies for the caller.
create policy "post_html: readable with its post"
  on public.post_html for select
  to anon, authenticated
  using (exists (select 1 from public.blog_posts p where p.id = post_id));
