-- Search finds what agents type (issue 24, item 6): a ticket's words are also its requester's address
-- (whole, and its local part and domain), the requester's name and organisation (the contact's, kept
-- current when a member renames them), the ticket's number, and the references the analysis found.

-- A ticket's own words, from its row: the subject, its first mail, and what identifies it beside them.
create function ticket_search_own_text(ticket tickets) returns tsvector language sql stable as $$
  select strip(to_tsvector('simple', concat_ws(' ',
    ticket.subject,
    left(ticket.body, 50000),
    ticket.email,
    replace(ticket.email, '@', ' '),
    ticket.number::text,
    (select concat_ws(' ', name, organisation) from contacts where id = ticket."requesterId"),
    (select left(string_agg(found #>> '{}', ' '), 10000)
       from jsonb_path_query(ticket.analysis, 'lax $.entities.*[*] ? (@.type() == "string")') as found)
  )))
$$;

create or replace function ticket_search_document(ticket text) returns tsvector language plpgsql stable as $$
declare
  document tsvector;
  part record;
begin
  select ticket_search_own_text(t) into document from tickets t where t.id = ticket;
  for part in select subject, body from messages where "ticketId" = ticket order by created_at, seq loop
    document := ticket_search_append(document, ticket_search_text(part.subject, part.body));
  end loop;
  return document;
end $$;

create or replace function ticket_search_on_ticket() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    insert into ticket_search (ticket_id, document) values (new.id, ticket_search_own_text(new));
  else
    update ticket_search set document = ticket_search_document(new.id) where ticket_id = new.id;
  end if;
  return null;
end $$;

drop trigger tickets_search_update on tickets;
create trigger tickets_search_update
  after update of subject, body, email, number, "requesterId", analysis on tickets
  for each row when (
    old.subject is distinct from new.subject or old.body is distinct from new.body
    or old.email is distinct from new.email or old.number is distinct from new.number
    or old."requesterId" is distinct from new."requesterId"
    or old.analysis -> 'entities' is distinct from new.analysis -> 'entities'
  )
  execute function ticket_search_on_ticket();

-- A contact renamed: the tickets it asked are found by the new name (tickets_requester_idx finds them).
create function ticket_search_on_contact() returns trigger language plpgsql as $$
begin
  update ticket_search set document = ticket_search_document(ticket_id)
  where ticket_id in (select id from tickets where "requesterId" = new.id);
  return null;
end $$;

create trigger contacts_search_update after update of name, organisation on contacts
  for each row when (old.name is distinct from new.name or old.organisation is distinct from new.organisation)
  execute function ticket_search_on_contact();

update ticket_search set document = ticket_search_document(ticket_id);
