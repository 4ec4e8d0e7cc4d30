-- Each ticket measured (decision 069, session 15): what `measureStored` (reports/report-rows.ts) gives for
-- its events, written in the transaction of the events that change it, so a report reads one row per ticket
-- instead of measuring every ticket's event log per request. A ticket with no row yet (one older than this
-- migration) is measured and stored by the first report that reads it.
create table report_rows (
  "ticketId" text primary key references tickets (id) on delete cascade,
  "teamId" text not null references teams (id) on delete cascade,
  -- Finished values only (a running one is null), in calendar and in business milliseconds.
  "firstReplyMs" double precision,
  "firstReplyBusinessMs" double precision,
  "resolutionMs" double precision,
  "resolutionBusinessMs" double precision,
  "reopenCount" integer not null,
  "resolved" boolean not null,
  "oneTouch" boolean not null,
  -- Epoch milliseconds of each closing and reopening: the report reads their days in its own time zone.
  "closedAt" jsonb not null,
  "reopenedAt" jsonb not null,
  -- Per SLA target: {"met": bool, "breachAt": ms | null}; a running target breaches at its due time.
  "sla" jsonb not null,
  measured_at timestamptz not null default now()
);

create index report_rows_team_idx on report_rows ("teamId");

-- A changed SLA policy or schedule changes what every ticket of the workspace measures to: its rows go, and
-- the next report measures them again from the events (as a report did for every ticket before).
create function report_rows_forget_team() returns trigger language plpgsql as $$
begin
  delete from report_rows where "teamId" = coalesce(new."teamId", old."teamId");
  return null;
end $$;

create trigger report_rows_policies_changed after insert or update or delete on sla_policies
  for each row execute function report_rows_forget_team();
create trigger report_rows_schedules_changed after insert or update or delete on business_hours
  for each row execute function report_rows_forget_team();

-- The "events" cohort: the tickets with any event in the period, found by this index instead of a scan.
create index ticket_events_team_created_idx on ticket_events ("teamId", created_at);
