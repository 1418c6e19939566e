-- A cover's text alternative, for readers who do not see it. A cover is
-- described (cover_alt) or marked decorative on purpose (cover_decorative);
-- the post form refuses to publish or schedule a post whose cover is
-- neither (docs/decisions/134-alt-text-before-publishing.md). Two columns
-- rather than an empty cover_alt: save_post reads a blank text as no value.
alter table public.blog_posts
  add column cover_alt text
    constraint blog_posts_cover_alt_length check (char_length(cover_alt) <= 1000),
  add column cover_decorative boolean not null default false;

comment on column public.blog_posts.cover_alt is
  'The cover''s alt text; null when not described.';
comment on column public.blog_posts.cover_decorative is
  'True when the author marked the cover decorative (alt="" on purpose).';
