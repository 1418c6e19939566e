-- Search, reading time and related posts for the blog (docs/decisions/060).
--
-- A post's words are counted and indexed where the post is stored: two
-- generated columns the database keeps in step with every insert and edit, so
-- no client can set them and the list, the post page and the search read them
-- without touching the (large) content column.

-- The readable text of a post's sanitized HTML: tags become spaces (a tag
-- separates words: <p>a</p><p>b</p> is two), the entities the sanitizer
-- writes are decoded (&amp; last, so "&amp;lt;" stays the text "&lt;"), and
-- whitespace collapses to single spaces.
create function public.post_plain_text(p_html text)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select btrim(
    regexp_replace(
      replace(
        replace(
          replace(
            replace(
              replace(
                replace(
                  replace(regexp_replace(coalesce(p_html, ''), '<[^>]*>', ' ', 'g'), '&nbsp;', ' '),
                  '&lt;', '<'),
                '&gt;', '>'),
              '&quot;', '"'),
            '&#39;', ''''),
          '&#x27;', ''''),
        '&amp;', '&'),
      '\s+', ' ', 'g')
  );
$$;

-- Words of a post's body, for its reading time: runs of non-space characters.
create function public.post_word_count(p_html text)
returns integer
language sql
immutable
parallel safe
set search_path = ''
as $$
  select coalesce(
    array_length(
      regexp_split_to_array(nullif(public.post_plain_text(p_html), ''), ' '),
      1
    ),
    0
  );
$$;

-- The search document: title weighs most, then the excerpt, then the body.
-- English stemming, so "pipelines" finds "pipeline".
create function public.post_search_vector(p_title text, p_excerpt text, p_html text)
returns tsvector
language sql
immutable
parallel safe
set search_path = ''
as $$
  select setweight(to_tsvector('english'::regconfig, coalesce(p_title, '')), 'A')
    || setweight(to_tsvector('english'::regconfig, coalesce(p_excerpt, '')), 'B')
    || setweight(to_tsvector('english'::regconfig, public.post_plain_text(p_html)), 'C');
$$;

alter table public.blog_posts
  add column word_count integer not null
    generated always as (public.post_word_count(content)) stored,
  add column search_vector tsvector not null
    generated always as (public.post_search_vector(title, excerpt, content)) stored;

comment on column public.blog_posts.word_count is
  'Words of the body (post_word_count); reading time is word_count / 230, rounded up, at least 1 minute.';
comment on column public.blog_posts.search_vector is
  'Full-text document of title (A), excerpt (B) and body text (C); read by search_posts().';

create index blog_posts_search_idx on public.blog_posts using gin (search_vector);

-- search_posts: one page of published posts matching a visitor's search, best
-- match first (then newest), optionally only those with a tag.
--
-- Security invoker: the caller's row-level security decides what it reads,
-- exactly as for the list, and it filters on `published` itself as the list
-- does, so a team member searches the public blog too.
--
-- p_query is read by websearch_to_tsquery, which never fails on syntax:
-- quotes make phrases, "or" alternatives, "-" exclusions; anything else is
-- words. A query of stop words or punctuation only matches nothing.
--
-- Answers {"total": n, "posts": [...]} so a page past the end still has the
-- count its pagination needs. Each post's `headline` is its excerpt (or, with
-- none, the start of its body text) with matched words between U+0001 and
-- U+0002: characters a post's text cannot show (they are removed from the text
-- first), so the page marks them up itself and never renders HTML from here.
create function public.search_posts(
  p_query text,
  p_tag text default null,
  p_limit integer default 12,
  p_offset integer default 0
)
returns jsonb
language sql
stable
security invoker
set search_path = ''
as $$
  with query as (
    select websearch_to_tsquery('english'::regconfig, coalesce(p_query, '')) as q
  ),
  -- Only what ranking and ordering need: a post's other columns (its body
  -- above all) are read for the page's dozen rows alone.
  matched as (
    select p.id, p.created_at, ts_rank(p.search_vector, query.q) as rank
    from public.blog_posts p, query
    where p.published
      and p.search_vector @@ query.q
      and (
        p_tag is null
        or exists (
          select 1
          from public.post_tags pt
          join public.tags t on t.id = pt.tag_id
          where pt.post_id = p.id and t.name = p_tag
        )
      )
  ),
  page as (
    select p.id, p.title, p.excerpt, p.content, p.cover_image_url, p.author_id,
      p.created_at, p.updated_at, p.word_count, top.rank
    from (
      select id, rank
      from matched
      order by rank desc, created_at desc, id desc
      limit least(greatest(coalesce(p_limit, 12), 0), 50)
      offset greatest(coalesce(p_offset, 0), 0)
    ) top
    join public.blog_posts p on p.id = top.id
  )
  select jsonb_build_object(
    'total', (select count(*) from matched),
    'posts', coalesce(
      (
        select jsonb_agg(
          jsonb_build_object(
            'id', page.id,
            'title', page.title,
            'excerpt', page.excerpt,
            'cover_image_url', page.cover_image_url,
            'author_id', page.author_id,
            'created_at', page.created_at,
            'updated_at', page.updated_at,
            'word_count', page.word_count,
            'tags', array(
              select t.name
              from public.post_tags pt
              join public.tags t on t.id = pt.tag_id
              where pt.post_id = page.id
              order by t.name
            ),
            'headline', ts_headline(
              'english'::regconfig,
              translate(
                coalesce(
                  nullif(btrim(page.excerpt), ''),
                  left(public.post_plain_text(page.content), 1000)
                ),
                chr(1) || chr(2),
                ''
              ),
              query.q,
              'StartSel=' || chr(1) || ', StopSel=' || chr(2)
                || ', MaxWords=60, MinWords=25, HighlightAll=' ||
                case when nullif(btrim(page.excerpt), '') is null then 'false' else 'true' end
            )
          )
          order by page.rank desc, page.created_at desc, page.id desc
        )
        from page, query
      ),
      '[]'::jsonb
    )
  );
$$;

revoke execute on function public.search_posts(text, text, integer, integer) from public;
grant execute on function public.search_posts(text, text, integer, integer)
  to anon, authenticated, service_role;

-- related_posts: up to p_limit other published posts sharing a tag with the
-- given one, most shared tags first, then newest. None when it has no tags or
-- no other post shares one. Security invoker like the list.
create function public.related_posts(p_post_id uuid, p_limit integer default 3)
returns table (
  id uuid,
  title text,
  created_at timestamptz,
  word_count integer,
  shared_tags bigint
)
language sql
stable
security invoker
set search_path = ''
as $$
  select p.id, p.title, p.created_at, p.word_count, count(*) as shared_tags
  from public.post_tags mine
  join public.post_tags theirs
    on theirs.tag_id = mine.tag_id and theirs.post_id <> mine.post_id
  join public.blog_posts p on p.id = theirs.post_id
  where mine.post_id = p_post_id and p.published
  group by p.id, p.title, p.created_at, p.word_count
  order by count(*) desc, p.created_at desc, p.id desc
  limit least(greatest(coalesce(p_limit, 3), 0), 12);
$$;

revoke execute on function public.related_posts(uuid, integer) from public;
grant execute on function public.related_posts(uuid, integer)
  to anon, authenticated, service_role;
