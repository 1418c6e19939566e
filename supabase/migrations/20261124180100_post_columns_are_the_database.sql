-- Authors write a post's title, excerpt, content and cover image (and its tags
-- through post_tags); when it was made, whether it is published, whose it is
-- and when it last changed are the database's. Without this an author could
-- back-date a post or move it to the top of the list and the feed through the
-- REST API with their own token (the row policies only ask whose row it is).
--
-- A trigger rather than column grants: save_post() (security invoker) writes
-- published and updated_at itself, and a refused column should say why.
-- The service role and the database's own roles (seeds, migrations) write any
-- column.
create function public.guard_post_columns()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if current_user not in ('anon', 'authenticated') then
    return new;
  end if;
  if tg_op = 'INSERT' then
    if new.created_at <> now() or new.updated_at <> now() or not new.published then
      raise exception 'A new post is published now: created_at, updated_at and published are set by the database.'
        using errcode = '42501';
    end if;
    return new;
  end if;
  if new.id is distinct from old.id
    or new.author_id is distinct from old.author_id
    or new.created_at is distinct from old.created_at
    or new.published is distinct from old.published
    or (new.updated_at is distinct from old.updated_at and new.updated_at <> now())
  then
    raise exception 'Only a post''s title, excerpt, content, cover image and tags can be changed.'
      using errcode = '42501';
  end if;
  return new;
end;
$$;

create trigger blog_posts_guard_columns
  before insert or update on public.blog_posts
  for each row execute function public.guard_post_columns();
