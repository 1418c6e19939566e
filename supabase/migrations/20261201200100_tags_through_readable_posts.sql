-- A tag's name is as public as the posts that carry it: an anonymous reader
-- sees the tags of public posts (post_tags' own policy lets a caller read
-- only the links of posts they may read), never a name that so far only a
-- draft or a scheduled post has. Authors read every tag, as save_post (which
-- runs under the caller's rights) looks up the ones it links. One policy per
-- role: anon may not call is_author (decision 187).

drop policy "tags: anyone reads" on public.tags;

create policy "tags: visitors read the tags of posts they may read"
  on public.tags for select
  to anon
  using (exists (select 1 from public.post_tags pt where pt.tag_id = tags.id));

create policy "tags: authors read all, others the tags of posts they may read"
  on public.tags for select
  to authenticated
  using (
    (select public.is_author())
    or exists (select 1 from public.post_tags pt where pt.tag_id = tags.id)
  );
