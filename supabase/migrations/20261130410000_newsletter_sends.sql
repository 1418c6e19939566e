-- Sending a post to the newsletter's confirmed subscribers (docs/decisions/144).
-- A send is recorded with its rendered e-mail and cut into batches of at most
-- 100 subscribers before anything is sent; each batch is claimed with a
-- lease, its recipients fixed at its first claim (only those confirmed
-- then), and sent with the provider's batch API under the batch's own
-- idempotency key. A sender that crashes leaves its batch claimed; once the
-- lease runs out the next run claims it again and sends the same recipients
-- under the same key, which the provider delivers once. So every confirmed
-- subscriber gets one e-mail per send, and progress is a count of rows.

create table public.newsletter_sends (
  id uuid primary key default gen_random_uuid(),
  -- A post goes out once.
  post_id uuid not null unique references public.blog_posts (id) on delete cascade,
  created_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  subject text not null constraint newsletter_sends_subject_check check (length(subject) between 1 and 300),
  html text not null,
  text text not null,
  -- Where the links in its e-mails point (the site's address when it was sent).
  site_url text not null constraint newsletter_sends_site_url_check check (site_url ~ '^https?://'),
  recipients integer not null,
  finished_at timestamptz
);

create table public.newsletter_batches (
  send_id uuid not null references public.newsletter_sends (id) on delete cascade,
  number integer not null,
  -- Who the batch was cut for, and, from its first claim on, who it is sent to.
  subscriber_ids uuid[] not null,
  recipients jsonb,
  state text not null default 'pending'
    constraint newsletter_batches_state_check check (state in ('pending', 'sending', 'sent', 'failed')),
  attempts integer not null default 0,
  claimed_until timestamptz,
  sent_at timestamptz,
  sent_count integer not null default 0,
  last_error text,
  primary key (send_id, number)
);

create index newsletter_batches_due_idx on public.newsletter_batches (send_id, number)
  where state in ('pending', 'sending');

alter table public.newsletter_sends enable row level security;
alter table public.newsletter_batches enable row level security;
revoke all on table public.newsletter_sends, public.newsletter_batches from anon, authenticated;
grant select on table public.newsletter_sends, public.newsletter_batches to authenticated;
grant all on table public.newsletter_sends, public.newsletter_batches to service_role;

create policy "newsletter sends: the team reads"
  on public.newsletter_sends for select to authenticated
  using ((select public.is_team_member()));

create policy "newsletter batches: the team reads"
  on public.newsletter_batches for select to authenticated
  using ((select public.is_team_member()));

-- Records a send of a public post to everyone confirmed now, in batches of
-- p_batch_size. Null when the post is not public or was sent already.
create function public.newsletter_start_send(
  p_post_id uuid,
  p_created_by uuid,
  p_subject text,
  p_html text,
  p_text text,
  p_site_url text,
  p_batch_size integer default 100
)
returns uuid
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_id uuid;
  v_recipients integer;
begin
  if not exists (
    select 1 from public.blog_posts p where p.id = p_post_id and public.post_is_public(p)
  ) then
    return null;
  end if;
  select count(*) into v_recipients from public.newsletter_subscribers where status = 'confirmed';
  insert into public.newsletter_sends (post_id, created_by, subject, html, text, site_url, recipients)
  values (p_post_id, p_created_by, p_subject, p_html, p_text, p_site_url, v_recipients)
  on conflict (post_id) do nothing
  returning id into v_id;
  if v_id is null then
    return null;
  end if;
  insert into public.newsletter_batches (send_id, number, subscriber_ids)
  select v_id, (n - 1) / p_batch_size + 1, array_agg(id order by id)
  from (
    select s.id, row_number() over (order by s.id) as n
    from public.newsletter_subscribers s
    where s.status = 'confirmed'
  ) numbered
  group by (n - 1) / p_batch_size + 1;
  if not found then
    update public.newsletter_sends set finished_at = now() where id = v_id;
  end if;
  return v_id;
end;
$$;

-- Claims the next due batch for p_lease_seconds: a pending one, or one whose
-- sender's lease ran out. At its first claim its recipients are fixed to
-- those of its subscribers still confirmed, each with the token of their
-- unsubscribe link; every later try sends exactly these. Returns the batch
-- with its send's e-mail, or nothing when none is due.
create function public.newsletter_claim_batch(p_lease_seconds integer, p_max_attempts integer default 8)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_batch public.newsletter_batches;
  v_send public.newsletter_sends;
begin
  select * into v_batch
  from public.newsletter_batches b
  where b.state in ('pending', 'sending')
    and (b.claimed_until is null or b.claimed_until <= now())
  order by b.send_id, b.number
  limit 1
  for update skip locked;
  if not found then
    return null;
  end if;
  if v_batch.attempts >= p_max_attempts then
    update public.newsletter_batches
    set state = 'failed', claimed_until = null
    where send_id = v_batch.send_id and number = v_batch.number;
    perform public.newsletter_finish_send(v_batch.send_id);
    return public.newsletter_claim_batch(p_lease_seconds, p_max_attempts);
  end if;
  update public.newsletter_batches b
  set state = 'sending',
    attempts = b.attempts + 1,
    claimed_until = now() + make_interval(secs => p_lease_seconds),
    recipients = coalesce(b.recipients, (
      select coalesce(jsonb_agg(jsonb_build_object(
        'email', s.email,
        'token', public.newsletter_token(s.id, 'unsubscribe')
      ) order by s.id), '[]'::jsonb)
      from public.newsletter_subscribers s
      where s.id = any (b.subscriber_ids) and s.status = 'confirmed'
    ))
  where b.send_id = v_batch.send_id and b.number = v_batch.number
  returning * into v_batch;
  select * into v_send from public.newsletter_sends where id = v_batch.send_id;
  return jsonb_build_object(
    'send_id', v_batch.send_id,
    'number', v_batch.number,
    'attempts', v_batch.attempts,
    'recipients', v_batch.recipients,
    'subject', v_send.subject,
    'html', v_send.html,
    'text', v_send.text,
    'site_url', v_send.site_url
  );
end;
$$;

-- Marks a send finished once none of its batches is left to send.
create function public.newsletter_finish_send(p_send_id uuid)
returns void
language sql
volatile
security definer
set search_path = ''
as $$
  update public.newsletter_sends s
  set finished_at = now()
  where s.id = p_send_id
    and s.finished_at is null
    and not exists (
      select 1 from public.newsletter_batches b
      where b.send_id = p_send_id and b.state in ('pending', 'sending')
    );
$$;

-- Records one try of a batch: sent, or back to pending (p_retry) and left
-- alone for p_retry_after_seconds, or failed for good.
create function public.newsletter_finish_batch(
  p_send_id uuid,
  p_number integer,
  p_sent boolean,
  p_error text,
  p_retry boolean,
  p_retry_after_seconds integer default 30
)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  update public.newsletter_batches b
  set state = case when p_sent then 'sent' when p_retry then 'pending' else 'failed' end,
    claimed_until = case when not p_sent and p_retry
      then now() + make_interval(secs => p_retry_after_seconds) end,
    sent_at = case when p_sent then now() else null end,
    sent_count = case when p_sent then jsonb_array_length(coalesce(b.recipients, '[]'::jsonb)) else 0 end,
    last_error = case when p_sent then null else left(p_error, 1000) end
  where b.send_id = p_send_id and b.number = p_number;
  perform public.newsletter_finish_send(p_send_id);
end;
$$;

-- A send's progress, for the team: recipients, e-mails sent, batches by state.
create function public.newsletter_send_progress(p_post_id uuid)
returns jsonb
language sql
stable
security invoker
set search_path = ''
as $$
  select jsonb_build_object(
    'id', s.id,
    'created_at', s.created_at,
    'finished_at', s.finished_at,
    'recipients', s.recipients,
    'sent', coalesce((select sum(b.sent_count) from public.newsletter_batches b where b.send_id = s.id and b.state = 'sent'), 0),
    'batches', (select count(*) from public.newsletter_batches b where b.send_id = s.id),
    'batches_sent', (select count(*) from public.newsletter_batches b where b.send_id = s.id and b.state = 'sent'),
    'batches_failed', (select count(*) from public.newsletter_batches b where b.send_id = s.id and b.state = 'failed'),
    'last_error', (select b.last_error from public.newsletter_batches b where b.send_id = s.id and b.last_error is not null order by b.number desc limit 1)
  )
  from public.newsletter_sends s
  where s.post_id = p_post_id;
$$;

revoke execute on function public.newsletter_start_send(uuid, uuid, text, text, text, text, integer) from public, anon, authenticated;
revoke execute on function public.newsletter_claim_batch(integer, integer) from public, anon, authenticated;
revoke execute on function public.newsletter_finish_send(uuid) from public, anon, authenticated;
revoke execute on function public.newsletter_finish_batch(uuid, integer, boolean, text, boolean, integer) from public, anon, authenticated;
revoke execute on function public.newsletter_send_progress(uuid) from public, anon;
grant execute on function public.newsletter_start_send(uuid, uuid, text, text, text, text, integer) to service_role;
grant execute on function public.newsletter_claim_batch(integer, integer) to service_role;
grant execute on function public.newsletter_finish_send(uuid) to service_role;
grant execute on function public.newsletter_finish_batch(uuid, integer, boolean, text, boolean, integer) to service_role;
grant execute on function public.newsletter_send_progress(uuid) to authenticated, service_role;

-- Erasure reaches the sends too: an erased address leaves the batches that
-- were cut or fixed for it, so no copy of it stays behind.
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
  if not public.is_team_member() then
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
