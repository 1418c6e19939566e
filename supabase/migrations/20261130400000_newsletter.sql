-- The newsletter's subscribers (docs/decisions/143): one row per e-mail
-- address, which is the natural key, so subscribing twice is one subscriber.
-- A row is pending until the link in its confirmation e-mail is followed by
-- a press of a button; only confirmed rows are ever sent a newsletter. The
-- consent evidence (when, which form, its wording, a hash of the network
-- address the request came from) is kept with the row and exported with it.
-- The team reads; only the service role (the app server, the functions)
-- writes, through the functions below.

create table public.newsletter_subscribers (
  id uuid primary key default gen_random_uuid(),
  email text not null unique
    constraint newsletter_subscribers_email_shape
    check (email = lower(btrim(email)) and length(email) between 3 and 254 and email ~ '^[^@\s]+@[^@\s]+$'),
  status text not null default 'pending'
    constraint newsletter_subscribers_status_check
    check (status in ('pending', 'confirmed', 'unsubscribed', 'suppressed')),
  created_at timestamptz not null default now(),
  -- The request the consent answers: when, on which form, in which words,
  -- from which network address (hex SHA-256, never the address itself).
  consent_requested_at timestamptz not null default now(),
  consent_form text not null constraint newsletter_subscribers_consent_form_check check (length(consent_form) <= 200),
  consent_wording text not null constraint newsletter_subscribers_consent_wording_check check (length(consent_wording) <= 2000),
  consent_address_hash text
    constraint newsletter_subscribers_consent_address_hash_shape check (consent_address_hash ~ '^[0-9a-f]{64}$'),
  -- The press of the confirmation page's button: the consent itself.
  confirmed_at timestamptz,
  confirmation_sent_at timestamptz,
  unsubscribed_at timestamptz,
  suppressed_at timestamptz,
  suppressed_reason text constraint newsletter_subscribers_suppressed_reason_check check (length(suppressed_reason) <= 200)
);

create index newsletter_subscribers_status_idx on public.newsletter_subscribers (status, id);

alter table public.newsletter_subscribers enable row level security;
revoke all on table public.newsletter_subscribers from anon, authenticated;
grant select on table public.newsletter_subscribers to authenticated;
grant all on table public.newsletter_subscribers to service_role;

create policy "newsletter subscribers: the team reads"
  on public.newsletter_subscribers for select
  to authenticated
  using ((select public.is_team_member()));

-- The key that signs the links in newsletter e-mails. Nobody reads it, the
-- service role included; the functions below sign and check with it.
create table public.newsletter_signing_key (
  singleton boolean primary key default true constraint newsletter_signing_key_singleton check (singleton),
  secret bytea not null default extensions.gen_random_bytes(32)
);

insert into public.newsletter_signing_key default values;

alter table public.newsletter_signing_key enable row level security;
revoke all on table public.newsletter_signing_key from anon, authenticated, service_role;

-- The provider's webhook events already applied, by their id, so a
-- delivery the provider repeats changes nothing twice.
create table public.newsletter_events (
  id text primary key constraint newsletter_events_id_check check (length(id) between 1 and 200),
  type text not null constraint newsletter_events_type_check check (length(type) <= 100),
  received_at timestamptz not null default now()
);

alter table public.newsletter_events enable row level security;
revoke all on table public.newsletter_events from anon, authenticated;
grant all on table public.newsletter_events to service_role;

-- A link's token: the subscriber's id and an HMAC-SHA256 of the id and the
-- link's purpose ('confirm' or 'unsubscribe'), so a confirmation link
-- cannot unsubscribe and no token can be made without the key.
create function public.newsletter_token(p_id uuid, p_purpose text)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select p_id::text || '.' || encode(
    extensions.hmac(convert_to(p_id::text || ':' || p_purpose, 'UTF8'), k.secret, 'sha256'),
    'hex'
  )
  from public.newsletter_signing_key k;
$$;

-- The subscriber a token names, or null for a token that is malformed,
-- signed for another purpose or not by this database, or whose subscriber
-- was erased.
create function public.newsletter_token_subscriber(p_token text, p_purpose text)
returns uuid
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_id uuid;
begin
  if p_token is null
    or p_token !~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.[0-9a-f]{64}$' then
    return null;
  end if;
  v_id := split_part(p_token, '.', 1)::uuid;
  if public.newsletter_token(v_id, p_purpose) is distinct from p_token then
    return null;
  end if;
  return (select s.id from public.newsletter_subscribers s where s.id = v_id);
end;
$$;

-- A sign-up. Returns the confirmation link's token when a confirmation
-- e-mail is to be sent now, else null: the address is confirmed or
-- suppressed already, or was sent one within the last day. An unsubscribed
-- address that signs up again is pending again, with the new request's
-- evidence. The caller answers the same either way.
create function public.newsletter_subscribe(
  p_email text,
  p_form text,
  p_wording text,
  p_address_hash text
)
returns text
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_id uuid;
  v_status text;
begin
  insert into public.newsletter_subscribers as s
    (email, consent_form, consent_wording, consent_address_hash)
  values (lower(btrim(p_email)), p_form, p_wording, p_address_hash)
  on conflict (email) do update set
    status = case when s.status = 'unsubscribed' then 'pending' else s.status end,
    consent_requested_at = case when s.status in ('pending', 'unsubscribed') then now() else s.consent_requested_at end,
    consent_form = case when s.status in ('pending', 'unsubscribed') then excluded.consent_form else s.consent_form end,
    consent_wording = case when s.status in ('pending', 'unsubscribed') then excluded.consent_wording else s.consent_wording end,
    consent_address_hash = case when s.status in ('pending', 'unsubscribed') then excluded.consent_address_hash else s.consent_address_hash end,
    confirmation_sent_at = case when s.status = 'unsubscribed' then null else s.confirmation_sent_at end
  returning s.id, s.status into v_id, v_status;

  if v_status <> 'pending' then
    return null;
  end if;
  -- The row is locked by the upsert: of two concurrent sign-ups, one sends.
  update public.newsletter_subscribers s
  set confirmation_sent_at = now()
  where s.id = v_id
    and (s.confirmation_sent_at is null or s.confirmation_sent_at <= now() - interval '1 day');
  if not found then
    return null;
  end if;
  return public.newsletter_token(v_id, 'confirm');
end;
$$;

-- A confirmation e-mail that could not be sent: the address may ask again
-- at once rather than in a day.
create function public.newsletter_confirmation_unsent(p_token text)
returns void
language sql
volatile
security definer
set search_path = ''
as $$
  update public.newsletter_subscribers
  set confirmation_sent_at = null
  where id = public.newsletter_token_subscriber(p_token, 'confirm')
    and status = 'pending';
$$;

-- Whether a link's token is good, for the page that shows its button:
-- reading it changes nothing.
create function public.newsletter_token_valid(p_token text, p_purpose text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select public.newsletter_token_subscriber(p_token, p_purpose) is not null;
$$;

-- The confirmation button. 'confirmed' when this press confirmed a pending
-- subscriber, 'unchanged' for a good token whose subscriber was not pending
-- (confirmed already, unsubscribed since, suppressed), null for a bad one.
create function public.newsletter_confirm(p_token text)
returns text
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_id uuid := public.newsletter_token_subscriber(p_token, 'confirm');
begin
  if v_id is null then
    return null;
  end if;
  update public.newsletter_subscribers
  set status = 'confirmed', confirmed_at = now()
  where id = v_id and status = 'pending';
  return case when found then 'confirmed' else 'unchanged' end;
end;
$$;

-- The unsubscribe button and the one-click POST: 'unsubscribed',
-- 'unchanged' (left already, or suppressed) or null for a bad token.
create function public.newsletter_unsubscribe(p_token text)
returns text
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_id uuid := public.newsletter_token_subscriber(p_token, 'unsubscribe');
begin
  if v_id is null then
    return null;
  end if;
  update public.newsletter_subscribers
  set status = 'unsubscribed', unsubscribed_at = now()
  where id = v_id and status in ('pending', 'confirmed');
  return case when found then 'unsubscribed' else 'unchanged' end;
end;
$$;

-- A bounce or complaint the provider reported: its addresses are
-- suppressed and skipped by every send. False for an event id seen before
-- (nothing changes twice).
create function public.newsletter_suppress(p_event_id text, p_type text, p_emails text[])
returns boolean
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  insert into public.newsletter_events (id, type) values (p_event_id, p_type)
  on conflict (id) do nothing;
  if not found then
    return false;
  end if;
  update public.newsletter_subscribers
  set status = 'suppressed', suppressed_at = now(), suppressed_reason = p_type
  where email = any (select lower(btrim(e)) from unnest(p_emails) as e)
    and status <> 'suppressed';
  return true;
end;
$$;

-- Erasure on request: the row and so its evidence go; a team member's call.
create function public.newsletter_erase(p_email text)
returns boolean
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  if not public.is_team_member() then
    raise exception 'Only the team erases subscribers' using errcode = '42501';
  end if;
  delete from public.newsletter_subscribers where email = lower(btrim(p_email));
  return found;
end;
$$;

revoke execute on function public.newsletter_token(uuid, text) from public, anon, authenticated;
revoke execute on function public.newsletter_token_subscriber(text, text) from public, anon, authenticated;
revoke execute on function public.newsletter_subscribe(text, text, text, text) from public, anon, authenticated;
revoke execute on function public.newsletter_confirmation_unsent(text) from public, anon, authenticated;
revoke execute on function public.newsletter_token_valid(text, text) from public, anon, authenticated;
revoke execute on function public.newsletter_confirm(text) from public, anon, authenticated;
revoke execute on function public.newsletter_unsubscribe(text) from public, anon, authenticated;
revoke execute on function public.newsletter_suppress(text, text, text[]) from public, anon, authenticated;
revoke execute on function public.newsletter_erase(text) from public, anon;
grant execute on function public.newsletter_token(uuid, text) to service_role;
grant execute on function public.newsletter_token_subscriber(text, text) to service_role;
grant execute on function public.newsletter_subscribe(text, text, text, text) to service_role;
grant execute on function public.newsletter_confirmation_unsent(text) to service_role;
grant execute on function public.newsletter_token_valid(text, text) to service_role;
grant execute on function public.newsletter_confirm(text) to service_role;
grant execute on function public.newsletter_unsubscribe(text) to service_role;
grant execute on function public.newsletter_suppress(text, text, text[]) to service_role;
grant execute on function public.newsletter_erase(text) to authenticated;
