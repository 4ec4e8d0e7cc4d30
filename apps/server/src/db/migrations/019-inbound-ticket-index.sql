-- A deleted ticket's raw mail goes with it, and the retention sweep looks for raw mail of tickets that no
-- longer exist: both find deliveries by their ticket.
create index inbound_emails_ticket_idx on inbound_emails ("ticketId") where "ticketId" is not null;
