-- Preview links (docs/decisions/131): an author shares a draft or a
-- scheduled post with someone without an account, for seven days, and can
-- revoke every link of a post at once. Only the SHA-256 of a link's token is
-- stored, so neither a database dump nor a REST read of this table opens a
-- draft; the token itself exists only in the link the author was shown.

create table public.post_preview_links (
  id uuid primary key default gen_random_uuid(),
  post_id uuid not null references public.blog_posts (id) on delete cascade,
  -- Hex SHA-256 of the token's UTF-8 bytes.
  token_hash text not null unique
    constraint post_preview_links_token_hash_shape check (token_hash ~ '^[0-9a-f]{64}$'),
  created_by uuid not null default auth.uid() references auth.users (id) on delete cascade,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null default now() + interval '7 days',
  revoked_at timestamptz,
  constraint post_preview_links_lifetime check (expires_at <= created_at + interval '7 days')
);

create index post_preview_links_post_id_idx on public.post_preview_links (post_id);

alter table public.post_preview_links enable row level security;

revoke all on table public.post_preview_links from anon, authenticated;
grant select on table public.post_preview_links to authenticated;
-- A client names the post and the hash; who made it and when, and so when
-- it expires, are the database's.
grant insert (post_id, token_hash) on table public.post_preview_links to authenticated;
-- Revoking is the one change, and it is final.
grant update (revoked_at) on table public.post_preview_links to authenticated;
grant all on table public.post_preview_links to service_role;

-- Whoever may edit a post (its author while an author, the team) makes,
-- lists and revokes its links; nobody else sees that they exist.
create policy "post preview links: editors of the post read"
  on public.post_preview_links for select
  to authenticated
  using (public.can_edit_post(post_id));

create policy "post preview links: editors of the post create, as themselves"
  on public.post_preview_links for insert
  to authenticated
  with check (public.can_edit_post(post_id) and created_by = (select auth.uid()));

create policy "post preview links: editors of the post revoke"
  on public.post_preview_links for update
  to authenticated
  using (public.can_edit_post(post_id))
  with check (public.can_edit_post(post_id) and revoked_at is not null);

-- The post a preview link opens, with its tag names, or nothing when the
-- token names no link, or its link expired or was revoked: the caller cannot
-- tell which. Runs as its owner (anyone with the token may read the post,
-- which its policies would not allow); the token is hashed here, so a
-- stored hash opens nothing.
create function public.post_by_preview_token(p_token text)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  -- The search document is the one column a page never shows.
  select (to_jsonb(p) - 'search_vector') || jsonb_build_object(
    'tags', array(
      select t.name
      from public.post_tags pt
      join public.tags t on t.id = pt.tag_id
      where pt.post_id = p.id
      order by t.name
    ),
    'preview_expires_at', l.expires_at
  )
  from public.post_preview_links l
  join public.blog_posts p on p.id = l.post_id
  where l.token_hash = encode(sha256(convert_to(coalesce(p_token, ''), 'UTF8')), 'hex')
    and l.revoked_at is null
    and l.expires_at > now();
$$;

revoke execute on function public.post_by_preview_token(text) from public;
grant execute on function public.post_by_preview_token(text) to anon, authenticated, service_role;
