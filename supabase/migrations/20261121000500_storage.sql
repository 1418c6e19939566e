-- Storage buckets and their row-level security on storage.objects.
-- storage.objects already has row-level security enabled by Supabase.

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values
  (
    'blog-images', 'blog-images', true, 5242880,
    array['image/jpeg', 'image/png', 'image/gif', 'image/webp']
  ),
  (
    'cv-uploads', 'cv-uploads', false, 5242880,
    array[
      'application/pdf',
      'application/msword',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document'
    ]
  )
on conflict (id) do nothing;

-- blog-images: public URLs are served without row-level security. Authors
-- upload only under "<their user id>/"; with no update policy an existing
-- object can never be overwritten.
create policy "blog-images: authors upload into their own folder"
  on storage.objects for insert
  to authenticated
  with check (
    bucket_id = 'blog-images'
    and (storage.foldername(name))[1] = (select auth.uid()::text)
    and (select public.is_author())
  );

create policy "blog-images: owners read their own objects"
  on storage.objects for select
  to authenticated
  using (
    bucket_id = 'blog-images'
    and (storage.foldername(name))[1] = (select auth.uid()::text)
  );

create policy "blog-images: owners delete their own objects"
  on storage.objects for delete
  to authenticated
  using (
    bucket_id = 'blog-images'
    and (storage.foldername(name))[1] = (select auth.uid()::text)
  );

-- cv-uploads: anyone may drop a new CV at the top level of the bucket; only
-- team members (and the service role, which bypasses row-level security)
-- read, list, overwrite or delete.
create policy "cv-uploads: anyone uploads a new object"
  on storage.objects for insert
  to anon, authenticated
  with check (bucket_id = 'cv-uploads' and strpos(name, '/') = 0);

create policy "cv-uploads: team members read"
  on storage.objects for select
  to authenticated
  using (bucket_id = 'cv-uploads' and (select public.is_team_member()));

create policy "cv-uploads: team members update"
  on storage.objects for update
  to authenticated
  using (bucket_id = 'cv-uploads' and (select public.is_team_member()))
  with check (bucket_id = 'cv-uploads' and (select public.is_team_member()));

create policy "cv-uploads: team members delete"
  on storage.objects for delete
  to authenticated
  using (bucket_id = 'cv-uploads' and (select public.is_team_member()));
