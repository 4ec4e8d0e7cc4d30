-- Realtime events crossing processes. NOTIFY payloads stop at 8000 bytes and a ticket can weigh megabytes,
-- so the event lives here and the notification carries its id; rows are pruned after a minute.
create table realtime_events (
  id bigserial primary key,
  created_at timestamptz not null default now(),
  event text not null
);

create index realtime_events_created_idx on realtime_events (created_at);
