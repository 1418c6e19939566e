-- What a post shows where it is shared and found (decision 135): its own
-- meta description (null: the excerpt) and its own social image, an upload
-- in blog-images kept like a cover, with its variants (null: the cover's
-- social variant, else the post's title card).
alter table public.blog_posts
  add column meta_description text
    constraint blog_posts_meta_description_length check (char_length(meta_description) <= 300),
  add column share_image_url text,
  add column share_image_variants jsonb;

comment on column public.blog_posts.meta_description is
  'The search and link-preview description; null means the excerpt.';
comment on column public.blog_posts.share_image_url is
  'The author''s social image (the original upload); null means the cover''s social variant.';
comment on column public.blog_posts.share_image_variants is
  'The social image''s stored variants, as cover_variants.';
