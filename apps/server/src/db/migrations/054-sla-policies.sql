-- SLA policies of a workspace (decision 054): an ordered list (lowest `position` first; the first whose
-- conditions match a ticket applies), targets per priority, and the statuses that pause their clocks.
create table sla_policies (
  seq bigserial primary key,
  id text not null unique,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  permissions text[] not null default '{}',
  read_roles text[] not null default '{}',
  scoped_seq bigint not null,
  "teamId" text not null references teams (id) on delete cascade,
  "name" text not null check (char_length("name") between 1 and 80),
  "position" integer not null check ("position" between 0 and 1000),
  "conditions" jsonb not null check (jsonb_typeof("conditions") = 'object'),
  "targets" jsonb not null check (jsonb_typeof("targets") = 'object'),
  "pausedStatuses" jsonb not null check (jsonb_typeof("pausedStatuses") = 'array'),
  "conditions_bytes" integer generated always as (octet_length("conditions"::text)) stored,
  "targets_bytes" integer generated always as (octet_length("targets"::text)) stored,
  "pausedStatuses_bytes" integer generated always as (octet_length("pausedStatuses"::text)) stored
);

create unique index sla_policies_team_name_idx on sla_policies ("teamId", lower("name"));

create index sla_policies_team_position_idx on sla_policies ("teamId", "position");

create trigger sla_policies_scoped_seq before insert on sla_policies for each row execute function number_in_team_scope();
