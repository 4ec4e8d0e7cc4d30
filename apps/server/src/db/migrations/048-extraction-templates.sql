-- Custom ticket fields and extraction templates of a workspace (issue 26, decision 062): managers write
-- them, members read them. Limits are TemplateLimits in the contracts; the checks here hold the shape.
create table custom_fields (
  seq bigserial primary key,
  id text not null unique,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  permissions text[] not null default '{}',
  read_roles text[] not null default '{}',
  scoped_seq bigint not null,
  "teamId" text not null references teams (id) on delete cascade,
  "key" text not null check ("key" ~ '^[a-z][a-z0-9_]*$' and char_length("key") <= 40),
  "label" text not null check (char_length("label") between 1 and 80),
  "type" text not null check ("type" in ('text', 'number', 'date', 'email', 'url', 'choice')),
  "dateFormat" text check ("dateFormat" in ('YYYY-MM-DD', 'DD/MM/YYYY', 'MM/DD/YYYY', 'DD.MM.YYYY', 'D MMMM YYYY', 'MMMM D, YYYY')),
  "options" jsonb not null default '[]' check (jsonb_typeof("options") = 'array'),
  "options_bytes" integer generated always as (octet_length("options"::text)) stored,
  "shown" boolean not null default true
);

-- A key names one field in its workspace: rules, views and the API read `customFields.<key>`.
create unique index custom_fields_team_key_idx on custom_fields ("teamId", "key");

create trigger custom_fields_scoped_seq before insert on custom_fields for each row execute function number_in_team_scope();

create table templates (
  seq bigserial primary key,
  id text not null unique,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  permissions text[] not null default '{}',
  read_roles text[] not null default '{}',
  scoped_seq bigint not null,
  "teamId" text not null references teams (id) on delete cascade,
  "name" text not null check (char_length("name") between 1 and 80),
  "position" integer not null default 0 check ("position" between 0 and 10000),
  "enabled" boolean not null default true,
  "match" jsonb not null check (jsonb_typeof("match") = 'object'),
  "match_bytes" integer generated always as (octet_length("match"::text)) stored,
  "fields" jsonb not null check (jsonb_typeof("fields") = 'array'),
  "fields_bytes" integer generated always as (octet_length("fields"::text)) stored,
  "testEmails" jsonb not null check (jsonb_typeof("testEmails") = 'array'),
  "testEmails_bytes" integer generated always as (octet_length("testEmails"::text)) stored,
  -- Written by the server only (TEMPLATE_HEALTH_UNCHECKED until it first measures the template).
  "health" jsonb not null
    default '{"regressionPassRate": null, "failingTestEmails": [], "recentMatchRate": null, "recentChecked": 0, "flagged": false, "checkedAt": null}'
    check (jsonb_typeof("health") = 'object'),
  "health_bytes" integer generated always as (octet_length("health"::text)) stored
);

create unique index templates_team_name_idx on templates ("teamId", lower("name"));

-- The ingest reads a batch's workspaces' enabled templates, in the order they are tried.
create index templates_team_enabled_idx on templates ("teamId", "position", seq) where "enabled";

create trigger templates_scoped_seq before insert on templates for each row execute function number_in_team_scope();

-- A ticket's custom values by key, and what the templates read from its first mail (ZTicketExtraction).
alter table tickets add column "customFields" jsonb not null default '{}'
  check (jsonb_typeof("customFields") = 'object' and octet_length("customFields"::text) <= 262144);
alter table tickets add column "customFields_bytes" integer generated always as (octet_length("customFields"::text)) stored;
alter table tickets add column "extraction" jsonb
  check ("extraction" is null or (jsonb_typeof("extraction") = 'object' and octet_length("extraction"::text) <= 1048576));
alter table tickets add column "extraction_bytes" integer generated always as (octet_length("extraction"::text)) stored;

-- A view's or search's filter `customFields.<key> = value` is a containment test this index answers.
create index tickets_custom_fields_idx on tickets using gin ("customFields" jsonb_path_ops);
