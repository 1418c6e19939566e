-- save_post: create or update a post and replace its tags in one transaction,
-- so an edit can never leave a post with half its tags.
--
-- Security invoker: every statement runs under the caller's row-level
-- security, so this function grants nothing the policies do not.
--
-- p_id null creates a post (author = caller, published); otherwise the post is
-- updated and updated_at set. The given columns are written as they are: pass
-- the current cover_image_url to keep it, null to remove it. Tag names are
-- trimmed, de-duplicated and blank ones ignored; missing tags are created by
-- exact name. A team member without a platform_users row gets one (their id
-- and e-mail, empty username, is_author true), as the product requires when
-- such a user publishes; the app needs no separate call for it.
--
-- Errors (SQLSTATE, message):
--   42501 'Please sign in to publish posts'        no signed-in user
--   42501 'This area is restricted to authors and team members only.'
--   22023 'Please provide a title and content for your post.'
--   P0002 'Blog post not found.'                    p_id matches no post
--   42501 'You are not allowed to edit this post.'  post exists, caller may not edit it
create function public.save_post(
  p_id uuid,
  p_title text,
  p_content text,
  p_excerpt text default null,
  p_cover_image_url text default null,
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
  v_tag_names text[];
begin
  if v_uid is null then
    raise exception 'Please sign in to publish posts' using errcode = '42501';
  end if;

  if not public.is_author() then
    raise exception 'This area is restricted to authors and team members only.'
      using errcode = '42501';
  end if;

  if coalesce(btrim(p_title), '') = '' or coalesce(btrim(p_content), '') = '' then
    raise exception 'Please provide a title and content for your post.'
      using errcode = '22023';
  end if;

  if public.is_team_member() then
    insert into public.platform_users (id, email, username, is_author)
    values (v_uid, auth.jwt() ->> 'email', '', true)
    on conflict (id) do nothing;
  end if;

  if p_id is null then
    insert into public.blog_posts (title, content, excerpt, cover_image_url, author_id, published)
    values (
      btrim(p_title),
      p_content,
      nullif(btrim(p_excerpt), ''),
      nullif(btrim(p_cover_image_url), ''),
      v_uid,
      true
    )
    returning * into v_post;
  else
    update public.blog_posts
    set title = btrim(p_title),
        content = p_content,
        excerpt = nullif(btrim(p_excerpt), ''),
        cover_image_url = nullif(btrim(p_cover_image_url), ''),
        updated_at = now()
    where id = p_id
    returning * into v_post;

    if not found then
      -- The update saw no row: either there is none, or the update policy
      -- hid it from this caller. Published posts are readable by everyone,
      -- so a plain select tells the two apart.
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

comment on function public.save_post(uuid, text, text, text, text, text[]) is
  'Create (p_id null) or update a post and replace its tags atomically; runs under the caller''s RLS.';

revoke execute on function public.save_post(uuid, text, text, text, text, text[]) from public, anon;
grant execute on function public.save_post(uuid, text, text, text, text, text[]) to authenticated, service_role;
