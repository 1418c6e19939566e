-- Roles (docs/decisions/195-roles-from-one-definition.md): a team member is
-- an admin, an editor or in hiring; a platform user with is_author and no
-- team role is an author. What each role may do is written once here, as
-- private.role_rules(), and once for the app, in app/lib/roles.ts; a test
-- holds the two equal. Every policy that asked "is a team member" or "is an
-- author" now asks private.may(<capability>), so changing what a role opens
-- is one row here and one entry there.

create schema if not exists private;
revoke all on schema private from public, anon, authenticated;
-- Policies run as the caller, so the caller must be able to reach may(); the
-- REST API does not expose this schema, so nothing here is an endpoint.
grant usage on schema private to authenticated, service_role;

-- Existing rows keep their meaning: a team member is an admin.
alter table public.team_members
  add column role text not null default 'admin'
    constraint team_members_role_check check (role in ('admin', 'editor', 'hiring'));

comment on table public.team_members is
  'Team members and their role (admin, editor, hiring); admins change it (docs/decisions/195).';

create index team_members_admins_idx on public.team_members (id) where role = 'admin';

-- The rules: which role may use which capability. Keep equal to RULES in
-- app/lib/roles.ts (app/lib/roles.test.ts compares them).
create function private.role_rules()
returns table (capability text, role text)
language sql
immutable
set search_path = ''
as $$
  values
    ('people', 'admin'),
    ('inbox', 'admin'),
    ('analytics', 'admin'),
    ('settings', 'admin'),
    ('posts', 'admin'),
    ('posts', 'editor'),
    ('posts', 'author'),
    ('all-posts', 'admin'),
    ('all-posts', 'editor'),
    ('newsletter', 'admin'),
    ('newsletter', 'editor'),
    ('jobs', 'admin'),
    ('jobs', 'hiring')
$$;

-- The role a user holds now: their team role, else author when a platform
-- user with is_author, else none. Read on every call, never cached, so a
-- removed role ends access on the next statement.
create function private.role_of(uid uuid)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(
    (select t.role from public.team_members t where t.id = uid),
    (select 'author' from public.platform_users p where p.id = uid and p.is_author)
  );
$$;

create function private.role_may(p_role text, p_capability text)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select p_role is not null and exists (
    select 1 from private.role_rules() r
    where r.role = p_role and r.capability = p_capability
  );
$$;

-- Whether the caller may use a capability: what every policy asks.
create function private.may(p_capability text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select private.role_may(private.role_of(auth.uid()), p_capability);
$$;

comment on function private.may(text) is
  'Whether the caller''s role allows the capability (private.role_rules()).';

revoke all on function private.role_rules() from public;
revoke all on function private.role_of(uuid) from public;
revoke all on function private.role_may(text, text) from public;
revoke all on function private.may(text) from public;
grant execute on function private.may(text) to authenticated, service_role;
grant execute on function private.role_rules() to service_role;
grant execute on function private.role_of(uuid) to service_role;

-- The older helpers keep their names for the functions that call them:
-- is_team_member (listed in team_members, any role) and is_author (may
-- write posts), each still answering about someone else only to the team.
create or replace function public.is_author(uid uuid default auth.uid())
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  -- Refuses a question about another user from outside the team.
  perform public.is_team_member(uid);
  return private.role_may(private.role_of(uid), 'posts');
end;
$$;

comment on function public.is_author(uuid) is
  'True when the user (default: the caller) may write posts (admin, editor, author); only team members may ask about someone else.';

create or replace function public.can_edit_post(p_post_id uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1
    from public.blog_posts p
    where p.id = p_post_id
      and (
        private.may('all-posts')
        or (p.author_id = auth.uid() and private.may('posts'))
      )
  );
$$;

create or replace function public.newsletter_erase(p_email text)
returns boolean
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_email text := lower(btrim(p_email));
  v_id uuid;
begin
  if not private.may('newsletter') then
    raise exception 'Only the team erases subscribers' using errcode = '42501';
  end if;
  delete from public.newsletter_subscribers where email = v_email returning id into v_id;
  if v_id is null then
    return false;
  end if;
  update public.newsletter_batches b
  set subscriber_ids = array_remove(b.subscriber_ids, v_id),
    recipients = (
      select coalesce(jsonb_agg(r), '[]'::jsonb)
      from jsonb_array_elements(b.recipients) as r
      where r ->> 'email' <> v_email
    )
  where v_id = any (b.subscriber_ids);
  return true;
end;
$$;

-- Every policy, by capability.
alter policy "Team members read the conversions" on public.analytics_conversions
  using ((select private.may('analytics')));
alter policy "Team members read the open days" on public.analytics_live
  using ((select private.may('analytics')));
alter policy "Team members read the rolled-up periods" on public.analytics_rollups
  using ((select private.may('analytics')));
alter policy "The team, and an author for their own posts, read post views" on public.analytics_post_days
  using (
    (select private.may('analytics'))
    or ((select private.may('posts')) and post_id in (
      select p.id from public.blog_posts p where p.author_id = (select auth.uid())
    ))
  );

alter policy "application_notes: team members read" on public.application_notes
  using ((select private.may('jobs')));
alter policy "application_notes: team members write as themselves" on public.application_notes
  with check ((select private.may('jobs')) and author_id = (select auth.uid()));
alter policy "application_notes: team members delete their own" on public.application_notes
  using ((select private.may('jobs')) and author_id = (select auth.uid()));

alter policy "blog posts: writers read their own posts, team members all" on public.blog_posts
  using (author_id = (select auth.uid()) or (select private.may('all-posts')));
alter policy "blog posts: authors insert as themselves" on public.blog_posts
  with check (author_id = (select auth.uid()) and (select private.may('posts')));
alter policy "blog posts: the author or a team member updates" on public.blog_posts
  using (
    (select private.may('all-posts'))
    or (author_id = (select auth.uid()) and (select private.may('posts')))
  )
  with check (
    (select private.may('all-posts'))
    or (author_id = (select auth.uid()) and (select private.may('posts')))
  );
alter policy "blog posts: only the author deletes" on public.blog_posts
  using (author_id = (select auth.uid()) and (select private.may('posts')));

alter policy "candidate_emails: team members read" on public.candidate_emails
  using ((select private.may('jobs')));
alter policy "candidate_emails: team members reply as themselves" on public.candidate_emails
  with check (
    (select private.may('jobs')) and purpose = 'reply' and sent_by = (select auth.uid())
  );

alter policy "contact_messages: team members read" on public.contact_messages
  using ((select private.may('inbox')));
alter policy "contact_messages: team members update" on public.contact_messages
  using ((select private.may('inbox')))
  with check ((select private.may('inbox')));
alter policy "contact_messages: team members delete" on public.contact_messages
  using ((select private.may('inbox')));

alter policy "job_applications: team members read" on public.job_applications
  using ((select private.may('jobs')));
alter policy "job_applications: team members update" on public.job_applications
  using ((select private.may('jobs')))
  with check ((select private.may('jobs')));
alter policy "job_applications: team members delete" on public.job_applications
  using ((select private.may('jobs')));

alter policy "jobs: team members read all" on public.jobs
  using ((select private.may('jobs')));
alter policy "jobs: team members add" on public.jobs
  with check ((select private.may('jobs')));
alter policy "jobs: team members change" on public.jobs
  using ((select private.may('jobs')))
  with check ((select private.may('jobs')));
alter policy "jobs: team members delete" on public.jobs
  using ((select private.may('jobs')));

alter policy "newsletter batches: the team reads" on public.newsletter_batches
  using ((select private.may('newsletter')));
alter policy "newsletter sends: the team reads" on public.newsletter_sends
  using ((select private.may('newsletter')));
alter policy "newsletter subscribers: the team reads" on public.newsletter_subscribers
  using ((select private.may('newsletter')));

alter policy "platform users: read own row, team members read all" on public.platform_users
  using (id = (select auth.uid()) or (select private.may('people')));
alter policy "platform users: create own row, author only for team members" on public.platform_users
  with check (
    id = (select auth.uid())
    and (not is_author or (select private.may('posts')))
  );
alter policy "platform users: team members set author status" on public.platform_users
  using ((select private.may('people')))
  with check ((select private.may('people')));

alter policy "retention_periods: team members read" on public.retention_periods
  using ((select private.may('settings')));

alter policy "tags: authors create" on public.tags
  with check ((select private.may('posts')));

alter policy "team members: read own row, team members read all" on public.team_members
  using (id = (select auth.uid()) or (select private.may('people')));

alter policy "blog-images: authors upload into their own folder" on storage.objects
  with check (
    bucket_id = 'blog-images'
    and (storage.foldername(name))[1] = (select auth.uid()::text)
    and (select private.may('posts'))
  );
alter policy "blog-images: owners delete their own objects" on storage.objects
  using (
    bucket_id = 'blog-images'
    and (storage.foldername(name))[1] = (select auth.uid()::text)
    and (select private.may('posts'))
  );
alter policy "social-cards: authors upload into their own folder" on storage.objects
  with check (
    bucket_id = 'social-cards'
    and (storage.foldername(name))[1] = (select auth.uid()::text)
    and (select private.may('posts'))
  );
alter policy "social-cards: owners delete their own objects" on storage.objects
  using (
    bucket_id = 'social-cards'
    and (storage.foldername(name))[1] = (select auth.uid()::text)
    and (select private.may('posts'))
  );
alter policy "cv-uploads: team members read" on storage.objects
  using (bucket_id = 'cv-uploads' and (select private.may('jobs')));
alter policy "cv-uploads: team members upload" on storage.objects
  with check (
    bucket_id = 'cv-uploads' and strpos(name, '/') = 0 and (select private.may('jobs'))
  );
alter policy "cv-uploads: team members update" on storage.objects
  using (bucket_id = 'cv-uploads' and (select private.may('jobs')))
  with check (bucket_id = 'cv-uploads' and (select private.may('jobs')));
alter policy "cv-uploads: team members delete" on storage.objects
  using (bucket_id = 'cv-uploads' and (select private.may('jobs')));

-- Admins change the team through the API with their own token: add a
-- person with a role, change it, remove them.
grant insert (id, role), update (role), delete on table public.team_members to authenticated;

create policy "team members: admins add"
  on public.team_members for insert
  to authenticated
  with check ((select private.may('people')));

create policy "team members: admins change roles"
  on public.team_members for update
  to authenticated
  using ((select private.may('people')))
  with check ((select private.may('people')));

create policy "team members: admins remove"
  on public.team_members for delete
  to authenticated
  using ((select private.may('people')));

-- The last admin stays: nobody, themselves included, removes or demotes
-- them, so the team can always run itself. The admins' rows are locked
-- first, so two admins demoting each other at once cannot both succeed.
create function private.keep_an_admin()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if old.role <> 'admin' or (tg_op = 'UPDATE' and new.role = 'admin') then
    return coalesce(new, old);
  end if;
  perform 1 from public.team_members t where t.role = 'admin' order by t.id for update;
  if not exists (
    select 1 from public.team_members t where t.role = 'admin' and t.id <> old.id
  ) then
    raise exception 'The last admin cannot be removed or given another role.'
      using errcode = 'P0001', hint = 'last_admin';
  end if;
  return coalesce(new, old);
end;
$$;

create trigger team_members_keep_an_admin
  before update of role or delete on public.team_members
  for each row execute function private.keep_an_admin();

-- A person who loses the right to edit a post loses the preview links they
-- handed out for it in the same transaction: whoever holds such a link
-- reads the draft no more.
create function private.revoke_lost_preview_links()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user uuid := coalesce(new.id, old.id);
  v_role text := private.role_of(v_user);
begin
  update public.post_preview_links l
  set revoked_at = now()
  from public.blog_posts p
  where l.post_id = p.id
    and l.created_by = v_user
    and l.revoked_at is null
    and not (
      private.role_may(v_role, 'all-posts')
      or (p.author_id = v_user and private.role_may(v_role, 'posts'))
    );
  return null;
end;
$$;

create trigger team_members_revoke_lost_preview_links
  after update of role or delete on public.team_members
  for each row execute function private.revoke_lost_preview_links();

create trigger platform_users_revoke_lost_preview_links
  after update of is_author on public.platform_users
  for each row
  when (old.is_author and not new.is_author)
  execute function private.revoke_lost_preview_links();

-- Leaving the team ends every role: the author status a team member's
-- first post gave them (save_post marks their row an author) goes too; an
-- admin may grant it again on /admin.
create function private.leave_team()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.platform_users set is_author = false
  where id = old.id and is_author;
  return null;
end;
$$;

create trigger team_members_leave_team
  after delete on public.team_members
  for each row execute function private.leave_team();

revoke all on function private.leave_team() from public;
revoke all on function private.keep_an_admin() from public;
revoke all on function private.revoke_lost_preview_links() from public;

create index post_preview_links_created_by_idx on public.post_preview_links (created_by);
