-- Satisfaction surveys and the ticket lifecycle (issue 27, items 4 and 6; decision 057).

-- One survey per ticket, ever: its link's token kept only as a SHA-256 hash, usable once until it expires.
create table satisfaction_surveys (
  id text primary key,
  "teamId" text not null references teams (id) on delete cascade,
  "ticketId" text not null unique references tickets (id) on delete cascade,
  -- The requester's address, lower case: at most one survey per requester and workspace a week.
  "requester" text not null,
  -- The member credited: who closed the ticket (its assignee when the server closed it).
  "agentId" text,
  "tokenHash" text not null unique,
  "language" text check ("language" in ('en', 'de', 'fr', 'es', 'pt')),
  "sentAt" timestamptz not null,
  "expiresAt" timestamptz not null,
  "rating" text check ("rating" in ('good', 'bad')),
  "comment" text,
  "ratedAt" timestamptz,
  check (("rating" is null) = ("ratedAt" is null))
);
create index satisfaction_surveys_requester_idx on satisfaction_surveys ("teamId", "requester", "sentAt");

-- Closed tickets locked against reopening, and pending tickets' reminders: one row each, so the schedule's
-- runs are idempotent. A reminder belongs to one pending spell ("since").
-- A lock holds for the closing it followed ("closedAt"): a ticket reopened and closed again is unlocked.
create table ticket_locks (
  "ticketId" text primary key references tickets (id) on delete cascade,
  "closedAt" timestamptz not null,
  "lockedAt" timestamptz not null
);
create table pending_reminders (
  "ticketId" text not null references tickets (id) on delete cascade,
  "since" timestamptz not null,
  "remindedAt" timestamptz not null,
  primary key ("ticketId", "since")
);

-- Each workspace's closings by time: the schedule reads only the stretch that is due (tickets/status-clock.ts).
create index ticket_events_closings_idx on ticket_events ("teamId", created_at)
  where "type" = 'status' and "after" = '"closed"'::jsonb;

alter table outbox drop constraint outbox_kind_check;
alter table outbox add constraint outbox_kind_check
  check ("kind" in ('invitation', 'recovery', 'verification', 'reply', 'notification', 'survey', 'reminder'));

-- The new event kinds join whatever kinds the check allows when this runs (as migration 031 does).
do $$
declare
  definition text;
  kind text;
begin
  foreach kind in array array['satisfaction', 'locked', 'follow-up', 'pending-reminder'] loop
    select pg_get_constraintdef(oid) into definition from pg_constraint
    where conname = 'ticket_events_type_check' and conrelid = 'ticket_events'::regclass;
    if position('''' || kind || '''' in definition) = 0 then
      execute 'alter table ticket_events drop constraint ticket_events_type_check';
      execute 'alter table ticket_events add constraint ticket_events_type_check '
        || regexp_replace(definition, '\]\)', ', ''' || kind || '''::text])');
    end if;
  end loop;
end
$$;
