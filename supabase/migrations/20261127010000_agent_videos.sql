-- The agent pages' looping videos (MP4 and WebM, made by `npm run
-- agent-videos`, committed under supabase/storage/agent-videos/): a public
-- bucket, read through its public URLs only. No policy lets anyone but the
-- service role write, list or delete: the embedded server seeds the files
-- when it starts, `npm run storage:upload` puts them into a hosted project.
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('agent-videos', 'agent-videos', true, 2097152, array['video/mp4', 'video/webm'])
on conflict (id) do nothing;
