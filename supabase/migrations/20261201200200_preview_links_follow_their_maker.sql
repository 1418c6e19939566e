-- A preview link opens its post only while the one who made it may still
-- edit that post: a team member, or the post's author while an author. An
-- author demoted (or removed from the team) no longer shares drafts through
-- links made before. Still runs as its owner, as anyone holding the token may
-- call it; the maker's rights are read from the tables here, since
-- is_author() answers about another user only to a team member (decision 187).

create or replace function public.post_by_preview_token(p_token text)
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
    and l.expires_at > now()
    and (
      exists (select 1 from public.team_members tm where tm.id = l.created_by)
      or (
        p.author_id = l.created_by
        and exists (
          select 1 from public.platform_users u
          where u.id = l.created_by and u.is_author
        )
      )
    );
$$;

revoke execute on function public.post_by_preview_token(text) from public;
grant execute on function public.post_by_preview_token(text) to anon, authenticated, service_role;
