-- A ticket's last activity (decision 044): when its conversation or its state last moved (a customer's
-- mail, a reply, a note, a status change), not when any field did (`updated_at` moves with tags, analysis
-- and assignment too). Kept by the database, so every writer (ingest, replies, the documents API, merge)
-- keeps it alike; the list sorts by it, so a ticket a customer answered rises to the top of "My open".
alter table tickets add column "lastActivityAt" timestamptz not null default now();

update tickets set "lastActivityAt" = greatest(
  created_at,
  coalesce((select max(created_at) from messages where "ticketId" = tickets.id), created_at)
);

-- Any message of the conversation (customer mail, reply, note) is activity on its ticket.
create function ticket_activity_on_message() returns trigger language plpgsql as $$
begin
  update tickets set "lastActivityAt" = now() where id = new."ticketId" and "lastActivityAt" < now();
  return null;
end $$;

create trigger messages_activity_insert after insert on messages
  for each row execute function ticket_activity_on_message();

-- A status change is activity; another field's change (tags, analysis, assignment) is not.
create function ticket_activity_on_status() returns trigger language plpgsql as $$
begin
  new."lastActivityAt" := now();
  return new;
end $$;

create trigger tickets_activity_status before update of status on tickets
  for each row when (old.status is distinct from new.status)
  execute function ticket_activity_on_status();

-- The list sorted by last activity, a page at a time, in a workspace (`Query.orderDesc('lastActivityAt')`).
create index tickets_team_activity_idx on tickets ("teamId", "lastActivityAt" desc, seq desc);
