-- Search finds a ticket by its custom fields' values (issue 26, decision 071): an order number a member
-- typed in the side panel is as findable as one the mail carried. Texts and numbers are a ticket's own
-- words beside its subject, first mail and requester (043); the vector is made again when they change.

create or replace function ticket_search_own_text(ticket tickets) returns tsvector language sql stable as $$
  select strip(to_tsvector('simple', concat_ws(' ',
    ticket.subject,
    left(ticket.body, 50000),
    ticket.email,
    replace(ticket.email, '@', ' '),
    ticket.number::text,
    (select concat_ws(' ', name, organisation) from contacts where id = ticket."requesterId"),
    (select left(string_agg(found #>> '{}', ' '), 10000)
       from jsonb_path_query(ticket.analysis, 'lax $.entities.*[*] ? (@.type() == "string")') as found),
    (select left(string_agg(field.value #>> '{}', ' '), 10000)
       from jsonb_each(ticket."customFields") as field
       where jsonb_typeof(field.value) in ('string', 'number'))
  )))
$$;

drop trigger tickets_search_update on tickets;
create trigger tickets_search_update
  after update of subject, body, email, number, "requesterId", analysis, "customFields" on tickets
  for each row when (
    old.subject is distinct from new.subject or old.body is distinct from new.body
    or old.email is distinct from new.email or old.number is distinct from new.number
    or old."requesterId" is distinct from new."requesterId"
    or old.analysis -> 'entities' is distinct from new.analysis -> 'entities'
    or old."customFields" is distinct from new."customFields"
  )
  execute function ticket_search_on_ticket();

update ticket_search set document = ticket_search_document(ticket_id)
where ticket_id in (select id from tickets where "customFields" <> '{}'::jsonb);
