-- A post's title card (its social image when it has no usable cover) is as
-- public as the post and no more (docs/decisions/220). The card is made when
-- the post is saved, a draft's and a scheduled post's too, so the author sees
-- it in the share preview; a public bucket served it to anyone who had the
-- address before the post was out, and after it was deleted.
--
-- The bucket is private, and a card is readable by whoever may read a post
-- that names it: the select on blog_posts below runs under the reader's own
-- row-level security, so an anonymous reader sees the cards of public posts
-- only (post_is_public: published_at <= now(), the moment a scheduled post
-- goes out, with nothing to run then), an author those of their own posts
-- too, an editor all. The site serves cards from its own route with the
-- public key; the post row keeps the object's address as it always has.
update storage.buckets set public = false where id = 'social-cards';

create policy "social-cards: whoever may read the post reads its card"
  on storage.objects for select
  to anon, authenticated
  using (
    bucket_id = 'social-cards'
    and exists (
      select 1
      from public.blog_posts p
      where right(p.social_image_url, length(objects.name) + 14)
        = '/social-cards/' || objects.name
    )
  );
