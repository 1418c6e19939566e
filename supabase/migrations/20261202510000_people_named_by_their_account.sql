-- A person is named by the address of their account
-- (docs/decisions/250-people-named-by-their-account.md). A signed-in user
-- creates their own platform_users row, and the row's email was whatever
-- they wrote: an account could claim someone else's address, so "Add to the
-- team" by that address gave the role to the claimant, and the audit log and
-- the team list named them as whoever they said they were. Now a row made
-- through the API holds the account's own address, the rows already made are
-- brought in line, and the log names each person by their address first,
-- the name they chose beside it.

-- The caller's own address, for the trigger below, which runs as the caller
-- (who may not read auth.users).
create function private.own_account_email()
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select u.email from auth.users u where u.id = auth.uid();
$$;

revoke all on function private.own_account_email() from public;
grant execute on function private.own_account_email() to authenticated;

-- The insert policy already holds id to auth.uid(); the service role (the
-- platform's own server) keeps writing what it knows.
create function private.platform_user_own_address()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if current_user in ('anon', 'authenticated') then
    new.email := private.own_account_email();
  end if;
  return new;
end;
$$;

revoke all on function private.platform_user_own_address() from public;

create trigger platform_users_own_address
  before insert on public.platform_users
  for each row execute function private.platform_user_own_address();

-- A row that names an address other than its account's was written by that
-- account, not by Auth: it takes the account's.
update public.platform_users p
set email = u.email
from auth.users u
where u.id = p.id
  and p.email is not null
  and lower(p.email) is distinct from lower(u.email);

-- How the log names a person: "address (name)", the address alone without
-- a name, the name without an address, else the id.
create function private.person_label(p_id uuid)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(
    u.email || coalesce(' (' || nullif(btrim(p.username), '') || ')', ''),
    nullif(btrim(p.username), ''),
    p_id::text
  )
  from (select p_id) as who (id)
  left join auth.users u on u.id = who.id
  left join public.platform_users p on p.id = who.id;
$$;

revoke all on function private.person_label(uuid) from public;

create or replace function private.audit_team_member()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_id uuid := coalesce(new.id, old.id);
  v_who text := private.person_label(v_id);
begin
  if tg_op = 'UPDATE' and new.role = old.role then
    return null;
  end if;
  perform private.audit(
    'role.' || case tg_op when 'INSERT' then 'grant' when 'UPDATE' then 'change' else 'remove' end,
    'person', v_id::text,
    case tg_op
      when 'INSERT' then format('%s joined the team as %s', v_who, new.role)
      when 'UPDATE' then format('%s: %s to %s', v_who, old.role, new.role)
      else format('%s left the team (was %s)', v_who, old.role)
    end
  );
  return null;
end;
$$;

create or replace function private.audit_author_status()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.audit(
    'role.' || case when new.is_author then 'grant' else 'remove' end,
    'person', new.id::text,
    format('%s %s', private.person_label(new.id),
      case when new.is_author then 'is now an author' else 'is no longer an author' end)
  );
  return null;
end;
$$;
