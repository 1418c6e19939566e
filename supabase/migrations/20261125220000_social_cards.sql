-- Social images of posts without a cover (og:image, twitter:image): a PNG
-- card with the post's title, rendered once when the post is saved and kept
-- in the public bucket social-cards under "<author's user id>/". The post
-- row remembers its card's public URL; a post with a cover uses the cover.
alter table public.blog_posts add column social_image_url text;

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('social-cards', 'social-cards', true, 1048576, array['image/png'])
on conflict (id) do nothing;

-- Like blog-images: authors write only into their own folder, never over an
-- existing object (a new title is a new object name), and delete their own.
create policy "social-cards: authors upload into their own folder"
  on storage.objects for insert
  to authenticated
  with check (
    bucket_id = 'social-cards'
    and (storage.foldername(name))[1] = (select auth.uid()::text)
    and (select public.is_author())
  );

create policy "social-cards: owners read their own objects"
  on storage.objects for select
  to authenticated
  using (
    bucket_id = 'social-cards'
    and (storage.foldername(name))[1] = (select auth.uid()::text)
  );

create policy "social-cards: owners delete their own objects"
  on storage.objects for delete
  to authenticated
  using (
    bucket_id = 'social-cards'
    and (storage.foldername(name))[1] = (select auth.uid()::text)
  );
