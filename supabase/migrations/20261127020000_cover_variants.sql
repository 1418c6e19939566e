-- Responsive variants of an uploaded cover (decision 087): WebP at up to
-- three widths, a JPEG fallback and a 1200x630 social JPEG, all in
-- blog-images. Null for posts saved before, or with a cover that has none
-- (seeded covers, animations): those render their cover_image_url as before.
-- Shape: {"webp": [{"w", "url"}], "jpeg": {"w", "h", "url"}, "social": url}.
alter table public.blog_posts add column cover_variants jsonb;

-- A cover changed by any client without new variants loses the old ones, so
-- a post never shows the variants of a cover it no longer has.
create function public.blog_posts_drop_stale_variants()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.cover_image_url is distinct from old.cover_image_url
    and new.cover_variants is not distinct from old.cover_variants then
    new.cover_variants := null;
  end if;
  return new;
end;
$$;

create trigger blog_posts_drop_stale_variants
  before update on public.blog_posts
  for each row execute function public.blog_posts_drop_stale_variants();

-- Search result cards use the variants like the list's: search_posts as in
-- 20261125230000_blog_search.sql, with cover_variants in each post.
create or replace function public.search_posts(
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
    select p.id, p.title, p.excerpt, p.content, p.cover_image_url, p.cover_variants,
      p.author_id,
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
            'cover_variants', page.cover_variants,
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
