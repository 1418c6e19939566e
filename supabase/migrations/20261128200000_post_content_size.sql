-- A post's HTML is capped at what an author writes (decision 110): 512 KiB,
-- the post form's own limit. The form refuses more before it reaches here;
-- this holds the same line for any other client (the REST API with an
-- author's token), so no row costs a reader's first view more to sanitise.
-- NOT VALID: posts written before keep what they have until they change.
alter table public.blog_posts
  add constraint blog_posts_content_size
  check (octet_length(content) <= 524288) not valid;
