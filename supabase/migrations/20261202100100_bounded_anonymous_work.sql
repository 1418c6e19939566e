-- What an anonymous caller can make the database do through REST is bounded
-- by what the site itself asks (docs/decisions/221).
--
-- The text helpers behind word counts and the search document take any text:
-- through `rpc/post_word_count` a megabyte of markup held the embedded
-- server's only database thread for seconds. The site calls them as a
-- signed-in author (the preview's reading time), the triggers as the writer.
revoke execute on function public.post_plain_text(text) from public, anon;
revoke execute on function public.post_word_count(text) from public, anon;
revoke execute on function public.post_search_document(public.blog_posts) from public, anon;
grant execute on function public.post_plain_text(text) to authenticated, service_role;
grant execute on function public.post_word_count(text) to authenticated, service_role;
grant execute on function public.post_search_document(public.blog_posts) to authenticated, service_role;

-- The search takes a query of any length from REST, where the site's box
-- takes 200 characters: 10,000 words took a second, more overflowed the
-- parser's error stack. The search moves to the private schema as it is, and
-- the public function passes it what the site would: the first 200
-- characters of the query and of the tag.
alter function public.search_posts(text, text, integer, integer) set schema private;
alter function private.search_posts(text, text, integer, integer) rename to search_posts_within_bounds;
revoke execute on function private.search_posts_within_bounds(text, text, integer, integer)
  from public, anon, authenticated, service_role;

create function public.search_posts(
  p_query text,
  p_tag text default null,
  p_limit integer default 12,
  p_offset integer default 0
)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select private.search_posts_within_bounds(
    left(p_query, 200),
    left(p_tag, 200),
    p_limit,
    p_offset
  );
$$;

revoke execute on function public.search_posts(text, text, integer, integer) from public;
grant execute on function public.search_posts(text, text, integer, integer)
  to anon, authenticated, service_role;
