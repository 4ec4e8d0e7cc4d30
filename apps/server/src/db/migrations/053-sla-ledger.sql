-- The SLA ledger (decision 063): what happened to each of a ticket's SLA clocks, appended in the
-- transaction of the ticket event that changed it (or by the minute's alerts job for a breach), never
-- changed afterwards.
create table sla_ledger (
  seq bigserial primary key,
  created_at timestamptz not null default now(),
  "ticketId" text not null references tickets (id) on delete cascade,
  "teamId" text not null references teams (id) on delete cascade,
  "metric" text not null check ("metric" in ('first-reply', 'next-reply', 'resolution')),
  "kind" text not null check ("kind" in ('activate', 'pause', 'resume', 'fulfil', 'breach', 're-apply')),
  -- When it happened: the event's moment, or the due time for a breach.
  "at" timestamptz not null,
  -- The clock's run (its start): a next reply has one per customer message answered.
  "runStart" timestamptz not null,
  -- The policy and target in force after this row; null after a re-apply leaving the metric no target.
  "policyId" text,
  "targetMinutes" integer,
  "businessHours" boolean,
  -- The time used on the target then; null when no target applies any more.
  "usedMs" bigint check ("usedMs" >= 0),
  "dueAt" timestamptz
);

create index sla_ledger_ticket_idx on sla_ledger ("ticketId", seq);

create function sla_ledger_append_only() returns trigger language plpgsql as $$
begin
  raise exception 'the SLA ledger is append-only';
end $$;

create trigger sla_ledger_no_update before update on sla_ledger
  for each row execute function sla_ledger_append_only();

-- Each ticket's clocks as the ledger last left them: what the alerts job searches, by index, each minute.
create table sla_clocks (
  "ticketId" text not null references tickets (id) on delete cascade,
  "metric" text not null check ("metric" in ('first-reply', 'next-reply', 'resolution')),
  "teamId" text not null references teams (id) on delete cascade,
  "runStart" timestamptz not null,
  "policyId" text,
  "state" text not null check ("state" in ('active', 'paused', 'fulfilled')),
  "targetMinutes" integer not null,
  "businessHours" boolean not null,
  "dueAt" timestamptz,
  "warnAt" timestamptz,
  -- Set once its 75% warning, or its breach, was told: each is told once per run.
  "warnedAt" timestamptz,
  "breachedAt" timestamptz,
  primary key ("ticketId", "metric")
);

create index sla_clocks_warn_idx on sla_clocks ("warnAt") where "state" = 'active' and "warnedAt" is null;
create index sla_clocks_due_idx on sla_clocks ("dueAt") where "state" = 'active' and "breachedAt" is null;

alter table notifications drop constraint notifications_kind_check;
alter table notifications add constraint notifications_kind_check
  check ("kind" in ('assigned', 'customer-replied', 'mentioned', 'unassigned', 'sla-warning', 'sla-breached'));
