-- A report reads every row of its period in SQL (reports/report-measured-sql.ts): each field read out of
-- JSON cost as much as reading the row (decision 069, session 16: about 130 ms of a 12-month summary of
-- 50,000 tickets). So the SLA results, the policy and the instants of closings and reopenings get typed
-- columns (session 18), filled from the JSON here, so no ticket needs measuring again after the upgrade.
alter table report_rows
  add column "policyId" text,
  -- Per SLA target: -1 when met, else the instant (epoch ms) it breaches, 0 when it already has; null: none.
  add column "firstReplySla" double precision,
  add column "nextReplySla" double precision,
  add column "resolutionSla" double precision,
  add column "closedAtMs" double precision[] not null default '{}',
  add column "reopenedAtMs" double precision[] not null default '{}';

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

alter table report_rows drop column sla, drop column "closedAt", drop column "reopenedAt";
alter table report_rows rename column "closedAtMs" to "closedAt";
alter table report_rows rename column "reopenedAtMs" to "reopenedAt";
alter table report_rows alter column "closedAt" drop default, alter column "reopenedAt" drop default;
