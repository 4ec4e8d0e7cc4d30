-- Automation rules of a workspace (issue 25, decision 051): managers write them, members read them.
create table rules (
  seq bigserial primary key,
  id text not null unique,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  permissions text[] not null default '{}',
  read_roles text[] not null default '{}',
  scoped_seq bigint not null,
  "teamId" text not null references teams (id) on delete cascade,
  "name" text not null check (char_length("name") between 1 and 80),
  "enabled" boolean not null default true,
  "kind" text not null check ("kind" in ('on-create', 'on-update', 'scheduled')),
  "position" integer not null default 0,
  "stopHere" boolean not null default false,
  "conditions" jsonb not null check (jsonb_typeof("conditions") = 'object'),
  "conditions_bytes" integer generated always as (octet_length("conditions"::text)) stored,
  "actions" jsonb not null check (jsonb_typeof("actions") = 'array'),
  "actions_bytes" integer generated always as (octet_length("actions"::text)) stored,
  "webhookSecret" text check (char_length("webhookSecret") <= 100)
);

create unique index rules_team_name_idx on rules ("teamId", lower("name"));

-- Evaluation reads one workspace's enabled rules of one kind, in order.
create index rules_team_kind_idx on rules ("teamId", "kind", "position", seq) where "enabled";

create trigger rules_scoped_seq before insert on rules for each row execute function number_in_team_scope();

-- A scheduled rule fires once per ticket: the pair is written when it matches, and never fires again.
create table rule_firings (
  "ruleId" text not null references rules (id) on delete cascade,
  "ticketId" text not null references tickets (id) on delete cascade,
  fired_at timestamptz not null default now(),
  primary key ("ruleId", "ticketId")
);

create index rule_firings_ticket_idx on rule_firings ("ticketId");

-- The new event kinds join whatever kinds the check allows when this runs (as migration 031 does).
do $$
declare
  definition text;
  kind text;
begin
  foreach kind in array array['rule-evaluated', 'rule-pass-cap'] loop
    select pg_get_constraintdef(oid) into definition from pg_constraint
    where conname = 'ticket_events_type_check' and conrelid = 'ticket_events'::regclass;
    if position('''' || kind || '''' in definition) = 0 then
      execute 'alter table ticket_events drop constraint ticket_events_type_check';
      execute 'alter table ticket_events add constraint ticket_events_type_check '
        || regexp_replace(definition, '\]\)', ', ''' || kind || '''::text])');
    end if;
  end loop;
end
$$;
