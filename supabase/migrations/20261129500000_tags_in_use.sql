-- Tags a visitor can follow: those on at least one public post. A tag stays
-- in `tags` after its last post is deleted or unpublished (save_post keeps
-- whatever names it was given, and removing a tag row would race with an
-- author who picks it a moment later); the blog's tag suggestions, the
-- search's empty state and the writing page's toggles read this view, so a
-- tag without a public post is offered nowhere.
--
-- security_invoker: the tables' own policies apply as for any read; the
-- filter repeats post_is_public, the one rule of a public post, so a team
-- member's drafts do not bring their tags back either. The tag filter's index
-- (post_tags_tag_id_idx) answers each tag's exists() without a scan.
create view public.tags_in_use
with (security_invoker = true)
as
  select t.*
  from public.tags t
  where exists (
    select 1
    from public.post_tags pt
    join public.blog_posts p on p.id = pt.post_id
    where pt.tag_id = t.id and public.post_is_public(p)
  );

revoke all on table public.tags_in_use from anon, authenticated;
grant select on table public.tags_in_use to anon, authenticated, service_role;
