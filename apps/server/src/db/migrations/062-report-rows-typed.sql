-- A report reads every row of its period in SQL (reports/report-measured-sql.ts): each field read out of
-- JSON cost as much as reading the row (decision 069, session 16: about 130 ms of a 12-month summary of
-- 50,000 tickets). So the SLA results, the policy and the instants of closings and reopenings get typed
-- columns (session 18), filled from the JSON here, so no ticket needs measuring again after the upgrade.
-- And each row holds its ticket's creation, indexed with the workspace: a report of the tickets created in a
-- period reads their rows by that range, where it hashed every row of the database (0.4 s of each statement
-- at 1,000,000 tickets).
alter table report_rows
  add column "policyId" text,
  -- Per SLA target: -1 when met, else the instant (epoch ms) it breaches, 0 when it already has; null: none.
  add column "firstReplySla" double precision,
  add column "nextReplySla" double precision,
  add column "resolutionSla" double precision,
  add column "closedAtMs" double precision[] not null default '{}',
  add column "reopenedAtMs" double precision[] not null default '{}',
  add column "createdAt" timestamptz;

update report_rows set
  "policyId" = sla ->> 'policyId',
  "firstReplySla" = (sla ->> 'first-reply')::double precision,
  "nextReplySla" = (sla ->> 'next-reply')::double precision,
  "resolutionSla" = (sla ->> 'resolution')::double precision,
  "closedAtMs" = array(
    select value::double precision from jsonb_array_elements_text("closedAt") with ordinality as e(value, n) order by n
  ),
  "reopenedAtMs" = array(
    select value::double precision from jsonb_array_elements_text("reopenedAt") with ordinality as e(value, n) order by n
  );

update report_rows r set "createdAt" = t.created_at from tickets t where t.id = r."ticketId";
alter table report_rows alter column "createdAt" set not null;
create index report_rows_team_created_idx on report_rows ("teamId", "createdAt");

alter table report_rows drop column sla, drop column "closedAt", drop column "reopenedAt";
alter table report_rows rename column "closedAtMs" to "closedAt";
alter table report_rows rename column "reopenedAtMs" to "reopenedAt";
alter table report_rows alter column "closedAt" drop default, alter column "reopenedAt" drop default;
