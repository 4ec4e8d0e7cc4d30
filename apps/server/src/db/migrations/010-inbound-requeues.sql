-- How often the sweeper gave a delivery a new ingest job after all tries of the last one failed; past a
-- few such rounds the delivery is recorded as rejected instead of being tried for ever.
alter table inbound_emails add column "requeues" integer not null default 0;
