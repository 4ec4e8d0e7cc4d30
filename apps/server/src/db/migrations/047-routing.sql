-- Routing inside a group (decision 052): a group's strategy and per-agent cap, each member's availability
-- per workspace and when routing last handed them a ticket, and the `routed` event that says why.
alter table groups add column "strategy" text not null default 'manual'
  check ("strategy" in ('manual', 'round-robin', 'least-loaded'));
alter table groups add column "cap" integer not null default 20 check ("cap" between 1 and 500);

-- No row: available, never routed a ticket. Gone with the member's membership or the workspace.
create table routing_members (
  "teamId" text not null references teams (id) on delete cascade,
  "userId" text not null references users (id) on delete cascade,
  "available" boolean not null default true,
  "lastAssignedAt" timestamptz,
  updated_at timestamptz not null default now(),
  primary key ("teamId", "userId")
);

-- What an agent holds, counted for caps and load: their unclosed tickets.
create index tickets_assignee_unclosed_idx on tickets ("assigneeId") where "status" <> 'closed';
-- A group's queue: its unassigned, unclosed tickets.
create index tickets_group_queue_idx on tickets ("groupId") where "assigneeId" is null and "status" <> 'closed';

-- The new event kind joins whatever kinds the check allows when this runs (as migration 046 does).
do $$
declare
  definition text;
begin
  select pg_get_constraintdef(oid) into definition from pg_constraint
  where conname = 'ticket_events_type_check' and conrelid = 'ticket_events'::regclass;
  if position('''routed''' in definition) = 0 then
    execute 'alter table ticket_events drop constraint ticket_events_type_check';
    execute 'alter table ticket_events add constraint ticket_events_type_check '
      || regexp_replace(definition, '\]\)', ', ''routed''::text])');
  end if;
end
$$;
