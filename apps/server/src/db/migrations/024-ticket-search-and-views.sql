-- Full-text search over a ticket's whole conversation, and the indexes the ticket list's views read
-- (decision 018).

-- A ticket's words: its subject and first mail, and the subject and text of every message of its
-- conversation (customer mail, replies, notes). 'simple' lower-cases and splits words the same way in every
-- language and stems none: tickets come in six languages and a query has none, so a stemmed vector would
-- only match a query stemmed in the same language. Queries match word prefixes instead (queries.ts).
-- Stripped of positions (no phrase search), so a vector holds each distinct word once.
create function ticket_search_text(subject text, body text) returns tsvector language sql immutable as $$
  select strip(to_tsvector('simple', coalesce(subject, '') || ' ' || left(coalesce(body, ''), 50000)))
$$;

-- A vector may not pass 1 MB: words past about 400 KB of them are not added (a conversation's first
-- hundred thousand or so distinct words are searchable).
create function ticket_search_append(document tsvector, addition tsvector) returns tsvector
language sql immutable as $$
  select case when pg_column_size(document) + pg_column_size(addition) < 400000
    then document || addition else document end
$$;

create function ticket_search_document(ticket text) returns tsvector language plpgsql stable as $$
declare
  document tsvector;
  part record;
begin
  select ticket_search_text(subject, body) into document from tickets where id = ticket;
  for part in select subject, body from messages where "ticketId" = ticket order by created_at, seq loop
    document := ticket_search_append(document, ticket_search_text(part.subject, part.body));
  end loop;
  return document;
end $$;

-- Beside the tickets rather than a column of theirs: a message adds words without rewriting its ticket's
-- row and every index on it, and lists (`select *`) never read the vectors.
create table ticket_search (
  ticket_id text primary key references tickets (id) on delete cascade,
  document tsvector not null
);

create index ticket_search_document_idx on ticket_search using gin (document);

-- How often each word occurs is what lets the planner choose: a rare word is read from the index, a common
-- one by walking the list's order until a page is full. A prefix (`refund:*`) is estimated from the words
-- it matches among the most common ones, and only when at least 100 are kept; keep many more.
alter table ticket_search alter column document set statistics 1000;

insert into ticket_search (ticket_id, document) select id, ticket_search_document(id) from tickets;

create function ticket_search_on_ticket() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    insert into ticket_search (ticket_id, document) values (new.id, ticket_search_text(new.subject, new.body));
  else
    update ticket_search set document = ticket_search_document(new.id) where ticket_id = new.id;
  end if;
  return null;
end $$;

create trigger tickets_search_insert after insert on tickets
  for each row execute function ticket_search_on_ticket();

create trigger tickets_search_update after update of subject, body on tickets
  for each row when (old.subject is distinct from new.subject or old.body is distinct from new.body)
  execute function ticket_search_on_ticket();

create function ticket_search_on_message() returns trigger language plpgsql as $$
begin
  update ticket_search
    set document = ticket_search_append(document, ticket_search_text(new.subject, new.body))
    where ticket_id = new."ticketId";
  return null;
end $$;

create trigger messages_search_insert after insert on messages
  for each row execute function ticket_search_on_message();

-- A message moved (merge, split), edited or deleted: its tickets' vectors are made again, once per
-- statement, so a merge moving fifty messages rebuilds two vectors, not a hundred.
create function ticket_search_on_messages_changed() returns trigger language plpgsql as $$
begin
  update ticket_search set document = ticket_search_document(ticket_id)
  where ticket_id in (
    select o."ticketId" from old_rows o
      left join new_rows n on n.id = o.id
      where n.id is null or n."ticketId" is distinct from o."ticketId"
        or n.subject is distinct from o.subject or n.body is distinct from o.body
    union
    select n."ticketId" from new_rows n join old_rows o on o.id = n.id
      where n."ticketId" is distinct from o."ticketId"
  );
  return null;
end $$;

create function ticket_search_on_messages_deleted() returns trigger language plpgsql as $$
begin
  update ticket_search set document = ticket_search_document(ticket_id)
  where ticket_id in (select "ticketId" from old_rows);
  return null;
end $$;

create trigger messages_search_update after update on messages
  referencing old table as old_rows new table as new_rows
  for each statement execute function ticket_search_on_messages_changed();

create trigger messages_search_delete after delete on messages
  referencing old table as old_rows
  for each statement execute function ticket_search_on_messages_deleted();

-- The list's views filter one workspace's tickets by status or assignee (My open, Unassigned, Pending,
-- Closed...) newest first, and page with cursors: each index hands them over in order, so a page reads
-- its 25 rows and stops. `seq` breaks ties of equal times, as every list's order does.
create index tickets_team_status_idx on tickets ("teamId", "status", created_at desc, seq desc);

-- With the status beside it: "My open" and "Unassigned" also filter by status, and their count (up to 5,000
-- matches) is then read from the index alone, not from thousands of table pages.
create index tickets_team_assignee_idx on tickets ("teamId", "assigneeId", created_at desc, seq desc)
  include ("status");

create index tickets_team_updated_idx on tickets ("teamId", updated_at desc, seq desc);

-- Priority sorts by urgency, not by its name's letters: none, low, medium, high.
alter table tickets add column priority_rank smallint not null generated always as (
  case "priority" when 'high' then 3 when 'medium' then 2 when 'low' then 1 else 0 end
) stored;

create index tickets_team_priority_idx on tickets ("teamId", priority_rank desc, seq desc);

-- Query.contains('tags', [...]) is array containment (`tags @> '["billing"]'`).
create index tickets_tags_idx on tickets using gin ("tags" jsonb_path_ops);
