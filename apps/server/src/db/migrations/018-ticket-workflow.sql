-- The agent workflow's ticket fields and the ticket event log (decision 013).

-- Two statuses a ticket waits in: pending (on the customer) and on-hold (on a third party).
alter table tickets drop constraint tickets_status_check;

alter table tickets add constraint tickets_status_check
  check ("status" in ('open', 'in-progress', 'pending', 'on-hold', 'closed'));

-- The member working the ticket. Nulled with the account: nobody can be assigned a ticket they cannot see.
alter table tickets add column "assigneeId" text references users (id) on delete set null;

alter table tickets add column "tags" jsonb not null default '[]';

alter table tickets add column "tags_bytes" integer generated always as (octet_length("tags"::text)) stored;

-- The ticket's number in its workspace (#1042). Each workspace's counter row is locked from a ticket's
-- insert to its commit, so concurrent creates wait for each other: numbers never repeat and, as a rolled
-- back insert gives its number back, never skip.
create table ticket_numbers (
  team_id text primary key references teams (id) on delete cascade,
  last bigint not null
);

alter table tickets add column "number" integer;

update tickets t set "number" = n.n
  from (select id, row_number() over (partition by "teamId" order by created_at, seq) as n from tickets) n
  where n.id = t.id;

insert into ticket_numbers (team_id, last) select "teamId", max("number") from tickets group by "teamId";

alter table tickets alter column "number" set not null;

create unique index tickets_team_number_idx on tickets ("teamId", "number");

create function number_ticket_in_workspace() returns trigger language plpgsql as $$
begin
  insert into ticket_numbers (team_id, last) values (new."teamId", 1)
    on conflict (team_id) do update set last = ticket_numbers.last + 1
    returning last into new."number";
  return new;
end $$;

create trigger tickets_number before insert on tickets for each row execute function number_ticket_in_workspace();

-- Every change of a ticket, append-only: written by the server in the change's transaction, read by the
-- workspace's members, gone only with its ticket. `$sequence` numbers a ticket's events 1, 2, 3...
create table ticket_events (
  seq bigserial primary key,
  id text not null unique,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  permissions text[] not null default '{}',
  read_roles text[] not null default '{}',
  scoped_seq bigint not null,
  "ticketId" text not null references tickets (id) on delete cascade,
  -- The ticket's, copied for the read rule; it goes with the ticket, which goes with its workspace.
  "teamId" text not null,
  "type" text not null check ("type" in (
    'created', 'message-in', 'status', 'reopened', 'priority', 'category', 'assignee', 'tags', 'analysed'
  )),
  "actorType" text not null check ("actorType" in ('user', 'customer', 'system')),
  "actorId" text,
  "before" jsonb,
  "after" jsonb,
  "before_bytes" integer generated always as (octet_length("before"::text)) stored,
  "after_bytes" integer generated always as (octet_length("after"::text)) stored,
  constraint ticket_events_actor_check check (("actorId" is not null) = ("actorType" = 'user'))
);

create unique index ticket_events_ticket_idx on ticket_events ("ticketId", scoped_seq);

-- The ticket's next number: a ticket's events are only written under its row's lock (taken by the
-- ticket's insert or update in the same transaction), so two writers never draw the same one.
create function number_ticket_event() returns trigger language plpgsql as $$
begin
  select coalesce(max(scoped_seq), 0) + 1 into new.scoped_seq from ticket_events where "ticketId" = new."ticketId";
  return new;
end $$;

create trigger ticket_events_scoped_seq before insert on ticket_events for each row execute function number_ticket_event();

-- Never rewritten: no update, and no delete while the ticket is there (its own delete cascades here).
create function keep_ticket_events() returns trigger language plpgsql as $$
begin
  if tg_op = 'UPDATE' then
    raise exception 'ticket events are never changed';
  end if;
  if exists (select 1 from tickets where id = old."ticketId") then
    raise exception 'ticket events are deleted only with their ticket';
  end if;
  return old;
end $$;

create trigger ticket_events_kept before update or delete on ticket_events for each row execute function keep_ticket_events()
