-- The ticket fields and event kinds the agent workflow adds beside decision 013's: the group a ticket is
-- routed to, the people copied on its replies, its requester (a contact), the ticket a duplicate was merged
-- into, and the events of notes, replies' delivery, groups, copies, requesters, merges and splits. Their
-- tables (groups, contacts) and the checks of their ids come with the features that own them.
alter table tickets add column "groupId" text;

alter table tickets add column "cc" jsonb not null default '[]';

alter table tickets add column "cc_bytes" integer generated always as (octet_length("cc"::text)) stored;

alter table tickets add column "requesterId" text;

-- A merged duplicate points at the ticket that carries on its conversation; gone with that ticket.
alter table tickets add column "mergedIntoId" text references tickets (id) on delete set null;

alter table ticket_events drop constraint ticket_events_type_check;

alter table ticket_events add constraint ticket_events_type_check check ("type" in (
  'created', 'message-in', 'status', 'reopened', 'priority', 'category', 'assignee', 'tags', 'analysed',
  'reply-out', 'note', 'delivery', 'group', 'cc', 'requester', 'merge', 'split'
));
