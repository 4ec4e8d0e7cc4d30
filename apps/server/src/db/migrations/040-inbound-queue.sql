-- The inbound store is the ingest queue (decision 041): a worker claims `received` deliveries in arrival
-- order with `for update skip locked`, counting each claim as a try. "claimed_until" is when a claim (or a
-- failed try's back-off) ends and the delivery may be claimed again; "last_error" is what its last try
-- left, the reason given if it runs out of tries. Internal, like "requeues": no attribute of `inbound`.
alter table inbound_emails add column "attempts" integer not null default 0;
alter table inbound_emails add column "claimed_until" timestamptz;
alter table inbound_emails add column "last_error" text;
create index inbound_emails_queue_idx on inbound_emails (seq) where "status" = 'received';
