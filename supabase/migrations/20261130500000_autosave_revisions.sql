-- Autosave (docs/decisions/137): the post form saves a draft a few seconds
-- after the author stops typing. Each save keeps a revision (decision 132),
-- so an autosave is marked as one and replaces that author's previous
-- autosave revision of the post instead of adding another: the history
-- keeps every explicit save and at most one rolling autosave per author.

alter table public.post_revisions
  add column autosave boolean not null default false;

-- autosave_post: save_post for a draft only, marked as an autosave for the
-- revision trigger (a transaction-local setting, read at commit). It never
-- publishes or schedules: whatever the fields say, the post is saved as a
-- draft, and a post that is scheduled or published is refused, so its public
-- state is never touched. p_base is the version the form was made from: when
-- the post has changed since (someone else saved), nothing is written.
--
-- Errors (SQLSTATE, message), besides save_post's:
--   22023 'Autosave only keeps drafts.'   the post is scheduled or published
--   40001 'The post has changed since.'   p_base is not the post's version
create function public.autosave_post(
  p_id uuid,
  p_base timestamptz,
  p_post jsonb,
  p_tags text[] default '{}'
)
returns public.blog_posts
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  v_current public.blog_posts;
begin
  if p_id is not null then
    -- Locked, so no other save slips in between the check and the write.
    select * into v_current
    from public.blog_posts
    where id = p_id
    for update;
    if v_current.id is not null then
      if v_current.published_at is not null then
        raise exception 'Autosave only keeps drafts.' using errcode = '22023';
      end if;
      if p_base is distinct from v_current.updated_at then
        raise exception 'The post has changed since.' using errcode = '40001';
      end if;
    end if;
  end if;

  perform pg_catalog.set_config('blog.autosave', 'on', true);
  return public.save_post(
    p_id,
    (case when jsonb_typeof(p_post) = 'object' then p_post else '{}' end)
      || jsonb_build_object(
        'published', false, 'published_at', null, 'publish_time_zone', null
      ),
    p_tags
  );
end;
$$;

comment on function public.autosave_post(uuid, timestamptz, jsonb, text[]) is
  'save_post for a draft, marked as an autosave: never publishes, refuses a post that changed since p_base, and its revision replaces the caller''s previous autosave revision of the post.';

revoke execute on function public.autosave_post(uuid, timestamptz, jsonb, text[]) from public, anon;
grant execute on function public.autosave_post(uuid, timestamptz, jsonb, text[]) to authenticated, service_role;

-- As before, plus: a save marked as an autosave first removes the saver's
-- earlier autosave revisions of the post, and its own revision is marked.
create or replace function public.blog_posts_keep_revision()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_post jsonb;
  v_tags text[];
  v_autosave boolean :=
    coalesce(current_setting('blog.autosave', true), '') = 'on';
begin
  select to_jsonb(p) - 'search_vector' into v_post
  from public.blog_posts p
  where p.id = new.id;
  if v_post is null then
    return null;
  end if;
  v_tags := array(
    select t.name
    from public.post_tags pt
    join public.tags t on t.id = pt.tag_id
    where pt.post_id = new.id
    order by t.name
  );
  if exists (
    select 1
    from (
      select r.post, r.tags
      from public.post_revisions r
      where r.post_id = new.id
      order by r.saved_at desc, r.id desc
      limit 1
    ) latest
    where latest.post = v_post and latest.tags = v_tags
  ) then
    return null;
  end if;
  if v_autosave then
    delete from public.post_revisions r
    where r.post_id = new.id
      and r.autosave
      and r.saved_by is not distinct from auth.uid();
  end if;
  insert into public.post_revisions (post_id, post, tags, saved_by, autosave)
  values (new.id, v_post, v_tags, auth.uid(), v_autosave);
  delete from public.post_revisions r
  where r.post_id = new.id
    and r.id not in (
      select k.id
      from public.post_revisions k
      where k.post_id = new.id
      order by k.saved_at desc, k.id desc
      limit public.post_revisions_kept()
    );
  return null;
end;
$$;
