-- Who may do what: platform users, team members and the helper functions
-- every row-level security policy in later migrations builds on.

-- A shared trigger keeps updated_at honest for writes that forget to set it.
create function public.set_updated_at()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end;
$$;

revoke execute on function public.set_updated_at() from public, anon, authenticated;

create table public.platform_users (
  id uuid primary key references auth.users (id) on delete cascade,
  username text,
  email text,
  avatar_url text,
  is_author boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

comment on table public.platform_users is
  'Users of the platform known to the site; is_author lets a non-team user write posts.';

create trigger platform_users_set_updated_at
  before update on public.platform_users
  for each row execute function public.set_updated_at();

-- Membership means admin. Only the service role writes this table.
create table public.team_members (
  id uuid primary key references auth.users (id) on delete cascade,
  created_at timestamptz not null default now()
);

comment on table public.team_members is 'Team members (admins); written only by the service role.';

-- The helpers run as their owner so a policy on platform_users or
-- team_members can ask about membership without re-entering its own policy.
create function public.is_team_member(uid uuid default auth.uid())
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select uid is not null and exists (
    select 1 from public.team_members t where t.id = uid
  );
$$;

comment on function public.is_team_member(uuid) is
  'True when the user (default: the caller) is listed in team_members.';

create function public.is_author(uid uuid default auth.uid())
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select public.is_team_member(uid) or exists (
    select 1 from public.platform_users p where p.id = uid and p.is_author
  );
$$;

comment on function public.is_author(uuid) is
  'True when the user (default: the caller) is a team member or a platform user with is_author.';

revoke execute on function public.is_team_member(uuid) from public;
revoke execute on function public.is_author(uuid) from public;
-- No policy that applies to anon calls them, so visitors cannot probe membership.
revoke execute on function public.is_team_member(uuid) from anon;
revoke execute on function public.is_author(uuid) from anon;
grant execute on function public.is_team_member(uuid) to authenticated, service_role;
grant execute on function public.is_author(uuid) to authenticated, service_role;

alter table public.platform_users enable row level security;
alter table public.team_members enable row level security;

-- Explicit grants, so the same privileges hold on a fresh Supabase project
-- (whose default privileges grant everything) and on the embedded server.
revoke all on table public.platform_users from anon, authenticated;
revoke all on table public.team_members from anon, authenticated;
grant select, insert on table public.platform_users to authenticated;
-- Admins toggle author status; nobody edits another column through the API.
grant update (is_author) on table public.platform_users to authenticated;
grant select on table public.team_members to authenticated;
grant all on table public.platform_users to service_role;
grant all on table public.team_members to service_role;

create policy "platform users: read own row, team members read all"
  on public.platform_users for select
  to authenticated
  using (id = (select auth.uid()) or (select public.is_team_member()));

create policy "platform users: create own row, author only for team members"
  on public.platform_users for insert
  to authenticated
  with check (
    id = (select auth.uid())
    and (not is_author or (select public.is_team_member()))
  );

create policy "platform users: team members set author status"
  on public.platform_users for update
  to authenticated
  using ((select public.is_team_member()))
  with check ((select public.is_team_member()));

-- Each user may read their own row so the app can check membership with the
-- user's own token; team members see the whole list.
create policy "team members: read own row, team members read all"
  on public.team_members for select
  to authenticated
  using (id = (select auth.uid()) or (select public.is_team_member()));
