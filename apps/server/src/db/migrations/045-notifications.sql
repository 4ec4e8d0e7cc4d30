-- Notifications (decision 048): what a member is told about, made by the database in the transaction of
-- what caused it (a ticket event), so no writer (the documents API, mail ingest, merge, a member leaving)
-- can forget one, and a rolled-back change tells nobody.
create table notifications (
  seq bigserial primary key,
  id text not null unique,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  permissions text[] not null default '{}',
  read_roles text[] not null default '{}',
  scoped_seq bigint not null,
  "teamId" text not null references teams (id) on delete cascade,
  "userId" text not null references users (id) on delete cascade,
  "kind" text not null check ("kind" in ('assigned', 'customer-replied', 'mentioned', 'unassigned')),
  "ticketId" text not null references tickets (id) on delete cascade,
  "ticketNumber" integer not null,
  "ticketSubject" text not null,
  "actorId" text,
  "actorName" text,
  "readAt" timestamptz,
  -- What caused it (a ticket event's id, or a ticket's unassigned spell): one notification per member each.
  "cause" text not null,
  -- Set by the one process that announced it (realtime event, mail): claimed once for the cluster.
  "announcedAt" timestamptz,
  unique ("userId", "cause")
);

-- The bell: a member's newest, and their unread count.
create index notifications_user_idx on notifications ("userId", created_at desc, seq desc);
create index notifications_unread_idx on notifications ("userId") where "readAt" is null;
-- What is still to announce, by ticket (after its change) and by age (the sweep).
create index notifications_unannounced_idx on notifications ("ticketId") where "announcedAt" is null;

create trigger notifications_scoped_seq before insert on notifications
  for each row execute function number_in_owner_scope();

-- Which kinds a member is also mailed about; no row: every kind.
create table notification_settings (
  "userId" text primary key references users (id) on delete cascade,
  "email" jsonb not null check (jsonb_typeof("email") = 'object'),
  updated_at timestamptz not null default now()
);

alter table outbox drop constraint outbox_kind_check;
alter table outbox add constraint outbox_kind_check
  check ("kind" in ('invitation', 'recovery', 'verification', 'reply', 'notification'));

-- One notification for `member`, unless that member caused it, is no confirmed member of the ticket's
-- workspace any more, or already has one for `cause`.
create function notify_member(
  member text, notification_kind text, ticket_id text, actor text, notification_cause text
) returns void language plpgsql as $$
declare
  ticket record;
begin
  if member is null or member is not distinct from actor then return; end if;
  select id, "teamId", "number", subject into ticket from tickets where id = ticket_id;
  if not found then return; end if;
  if not exists (
    select 1 from memberships where team_id = ticket."teamId" and user_id = member and confirm
  ) then return; end if;
  insert into notifications (
    id, permissions, read_roles, "teamId", "userId", "kind", "ticketId", "ticketNumber", "ticketSubject",
    "actorId", "actorName", "cause"
  ) values (
    substr(md5(random()::text || clock_timestamp()::text || member || notification_cause), 1, 20),
    array['read("user:' || member || '")', 'update("user:' || member || '")'],
    array['user:' || member],
    ticket."teamId", member, notification_kind, ticket.id, ticket."number", left(ticket.subject, 300),
    actor,
    (select coalesce(nullif(name, ''), email) from users where id = actor),
    notification_cause
  ) on conflict ("userId", "cause") do nothing;
end $$;

-- A regular expression matching `text` literally.
create function regexp_literal(value text) returns text language sql immutable as $$
  select regexp_replace(value, '([.*+?^${}()|\[\]\\])', '\\\1', 'g')
$$;

create function notify_on_ticket_event() returns trigger language plpgsql as $$
declare
  note_body text;
begin
  if new."type" = 'assignee' then
    perform notify_member(new."after" #>> '{}', 'assigned', new."ticketId", new."actorId", new.id);
  elsif new."type" = 'created' then
    perform notify_member(new."after" ->> 'assigneeId', 'assigned', new."ticketId", new."actorId", new.id);
  elsif new."type" = 'message-in' then
    perform notify_member(
      (select "assigneeId" from tickets where id = new."ticketId"), 'customer-replied', new."ticketId",
      null, new.id
    );
  elsif new."type" = 'note' then
    select body into note_body from messages where id = new."after" ->> 'message';
    -- `@Name` (as the composer completes it) or `@local-part` of the member's address, as a whole word.
    perform notify_member(u.id, 'mentioned', new."ticketId", new."actorId", new.id)
      from memberships m join users u on u.id = m.user_id
      where m.team_id = new."teamId" and m.confirm and (
        (u.name <> '' and note_body ~* ('(^|[^[:alnum:]_])@' || regexp_literal(u.name) || '($|[^[:alnum:]_])'))
        or note_body ~* ('(^|[^[:alnum:]_])@' || regexp_literal(split_part(u.email, '@', 1)) || '($|[^[:alnum:]_.-])')
      );
  end if;
  return null;
end $$;

create trigger ticket_events_notify after insert on ticket_events
  for each row execute function notify_on_ticket_event();
