-- Invitations (docs/decisions/230-invitations-through-supabase-auth.md): a
-- team member with the people capability invites an address with a role;
-- Supabase Auth creates the account and mails the link, this table keeps
-- the role until the person accepts. Its state is derived from the times:
-- accepted, revoked, expired (past expires_at) or pending.

create table public.invitations (
  id uuid primary key default gen_random_uuid(),
  email text not null
    constraint invitations_email_check
    check (email = lower(email) and length(email) between 3 and 254 and position('@' in email) > 1),
  role text not null
    constraint invitations_role_check check (role in ('admin', 'editor', 'hiring')),
  invited_by uuid default auth.uid() references auth.users (id) on delete set null,
  -- The account Supabase Auth made for the address, once the mail went out.
  user_id uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  -- Null until Supabase Auth accepted the invite: an unsent row is the app's
  -- to delete when the send fails.
  sent_at timestamptz,
  -- Supabase Auth's e-mail link lives 24 hours (MAILER_OTP_EXP); a resend
  -- starts both clocks again.
  expires_at timestamptz not null default now() + interval '24 hours',
  accepted_at timestamptz,
  revoked_at timestamptz
);

comment on table public.invitations is
  'Who was invited with which role, and whether it is pending, accepted, expired or revoked (docs/decisions/230).';

create index invitations_newest_idx on public.invitations (created_at desc, id desc);
create index invitations_email_idx on public.invitations (email);

create function private.invitation_state(
  p_accepted_at timestamptz,
  p_revoked_at timestamptz,
  p_expires_at timestamptz
)
returns text
language sql
stable
set search_path = ''
as $$
  select case
    when p_accepted_at is not null then 'accepted'
    when p_revoked_at is not null then 'revoked'
    when p_expires_at <= now() then 'expired'
    else 'pending'
  end;
$$;

-- One pending invitation per address, and none for a team member: checked
-- under a lock on the address, so two admins inviting it at once cannot
-- both pass (a unique index cannot say "not yet expired"); a resend of an
-- expired one is checked again.
create function private.check_invitation()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform pg_advisory_xact_lock(hashtext('invitation:' || new.email));
  if exists (
    select 1 from public.invitations i
    where i.email = new.email
      and i.id <> new.id
      and private.invitation_state(i.accepted_at, i.revoked_at, i.expires_at) = 'pending'
  ) then
    raise exception 'This address already has a pending invitation'
      using errcode = 'P0001', hint = 'already_invited';
  end if;
  if exists (
    select 1 from public.team_members t
    join auth.users u on u.id = t.id
    where lower(u.email) = new.email
  ) then
    raise exception 'This address belongs to a team member'
      using errcode = 'P0001', hint = 'already_on_team';
  end if;
  return new;
end;
$$;

create trigger invitations_check
  before insert or update of sent_at on public.invitations
  for each row execute function private.check_invitation();

-- A (re)send is timed by the database's clock, whatever the caller sent:
-- the link and the invitation expire together.
create function private.time_invitation_send()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.sent_at is distinct from old.sent_at then
    new.sent_at := clock_timestamp();
    new.expires_at := clock_timestamp() + interval '24 hours';
  end if;
  return new;
end;
$$;

create trigger invitations_time_send
  before update of sent_at on public.invitations
  for each row execute function private.time_invitation_send();

alter table public.invitations enable row level security;

revoke all on table public.invitations from public, anon, authenticated;
grant select, insert, delete on table public.invitations to authenticated;
-- Acceptance is the invited person's, through accept_invitation() alone.
grant update (user_id, sent_at, expires_at, revoked_at) on table public.invitations to authenticated;

create policy "invitations: people read"
  on public.invitations for select
  to authenticated
  using ((select private.may('people')));

create policy "invitations: people invite"
  on public.invitations for insert
  to authenticated
  with check ((select private.may('people')) and invited_by = (select auth.uid()));

create policy "invitations: people resend and revoke"
  on public.invitations for update
  to authenticated
  using ((select private.may('people')) and accepted_at is null)
  with check ((select private.may('people')));

-- Only an invitation whose mail never went out: a sent one stays on record.
create policy "invitations: people drop unsent"
  on public.invitations for delete
  to authenticated
  using ((select private.may('people')) and sent_at is null);

create function private.audit_invitation()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_kind text;
begin
  if old.sent_at is null and new.sent_at is not null then
    v_kind := 'invitation.send';
  elsif new.sent_at is distinct from old.sent_at then
    v_kind := 'invitation.resend';
  elsif old.revoked_at is null and new.revoked_at is not null then
    v_kind := 'invitation.revoke';
  elsif old.accepted_at is null and new.accepted_at is not null then
    v_kind := 'invitation.accept';
  else
    return null;
  end if;
  perform private.audit(
    v_kind, 'invitation', new.id::text,
    case v_kind
      when 'invitation.accept' then format('%s accepted the invitation as %s', new.email, new.role)
      when 'invitation.revoke' then format('Invitation of %s as %s revoked', new.email, new.role)
      else format('%s invited as %s', new.email, new.role)
    end
  );
  return null;
end;
$$;

create trigger invitations_audit
  after update on public.invitations
  for each row execute function private.audit_invitation();

revoke all on function private.invitation_state(timestamptz, timestamptz, timestamptz) from public;
revoke all on function private.check_invitation() from public;
revoke all on function private.time_invitation_send() from public;
revoke all on function private.audit_invitation() from public;

-- What the invitation page shows before anyone signs in: the link names the
-- invitation's id (random, mailed to the address only); the answer is its
-- state and whom it is for, nothing else.
create function public.invitation_status(p_id uuid)
returns table (state text, email text, role text, expires_at timestamptz)
language sql
stable
security definer
set search_path = ''
as $$
  select private.invitation_state(i.accepted_at, i.revoked_at, i.expires_at), i.email, i.role, i.expires_at
  from public.invitations i
  where i.id = p_id;
$$;

revoke all on function public.invitation_status(uuid) from public;
grant execute on function public.invitation_status(uuid) to anon, authenticated;

-- The invited person, signed in by the e-mail link, takes the role: the
-- invitation must be theirs (its account, or its address) and pending.
create function public.accept_invitation(p_id uuid)
returns text
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_me uuid := auth.uid();
  v_email text := (select lower(u.email) from auth.users u where u.id = auth.uid());
  v_row public.invitations;
  v_state text;
begin
  select * into v_row from public.invitations i where i.id = p_id for update;
  if v_row.id is null or v_me is null
    or (v_row.user_id is distinct from v_me and v_row.email is distinct from v_email) then
    raise exception 'No such invitation for this account'
      using errcode = 'P0001', hint = 'not_found';
  end if;
  v_state := private.invitation_state(v_row.accepted_at, v_row.revoked_at, v_row.expires_at);
  if v_state <> 'pending' then
    raise exception 'The invitation is %', v_state using errcode = 'P0001', hint = v_state;
  end if;
  insert into public.platform_users (id, email)
  values (v_me, v_email)
  on conflict (id) do nothing;
  insert into public.team_members (id, role) values (v_me, v_row.role)
  on conflict (id) do nothing;
  update public.invitations
  set accepted_at = now(), user_id = v_me
  where id = p_id;
  return v_row.role;
end;
$$;

revoke all on function public.accept_invitation(uuid) from public;
grant execute on function public.accept_invitation(uuid) to authenticated;

-- Sign-ins, in the transaction Supabase Auth makes the session in; failed
-- ones (docs/decisions/231-sign-ins-in-the-audit-log.md) from the app's
-- server, which alone holds the key that may call this.
create function private.audit_sign_in()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.audit_log (actor_id, kind, object_type, object_id, summary)
  values (
    new.user_id, 'auth.sign_in', 'person', new.user_id::text,
    left(format('%s signed in', coalesce(
      (select u.email from auth.users u where u.id = new.user_id), new.user_id::text)), 500)
  );
  return null;
end;
$$;

revoke all on function private.audit_sign_in() from public;

create trigger sessions_audit
  after insert on auth.sessions
  for each row execute function private.audit_sign_in();

create function public.record_failed_sign_in(p_email text)
returns void
language sql
volatile
security definer
set search_path = ''
as $$
  insert into public.audit_log (actor_id, kind, object_type, object_id, summary)
  values (
    null, 'auth.sign_in_failed', 'person', null,
    format('Failed sign-in as %s', left(lower(btrim(coalesce(p_email, ''))), 254))
  );
$$;

revoke all on function public.record_failed_sign_in(text) from public, anon, authenticated;
grant execute on function public.record_failed_sign_in(text) to service_role;
