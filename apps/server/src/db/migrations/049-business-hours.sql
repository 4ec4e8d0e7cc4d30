-- Business-hours schedules of a workspace (decision 054): a time zone, opening spans per weekday and
-- holiday dates. The one without a group is the workspace's default; a group has at most one of its own.
create table business_hours (
  seq bigserial primary key,
  id text not null unique,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  permissions text[] not null default '{}',
  read_roles text[] not null default '{}',
  scoped_seq bigint not null,
  "teamId" text not null references teams (id) on delete cascade,
  "name" text not null check (char_length("name") between 1 and 80),
  "groupId" text,
  "timeZone" text not null check (char_length("timeZone") between 1 and 64),
  "weekly" jsonb not null check (jsonb_typeof("weekly") = 'array' and jsonb_array_length("weekly") = 7),
  "holidays" jsonb not null check (jsonb_typeof("holidays") = 'array' and jsonb_array_length("holidays") <= 500),
  "weekly_bytes" integer generated always as (octet_length("weekly"::text)) stored,
  "holidays_bytes" integer generated always as (octet_length("holidays"::text)) stored,
  -- A group's schedule goes with its group.
  foreign key ("teamId", "groupId") references groups ("teamId", id) on delete cascade
);

create unique index business_hours_team_name_idx on business_hours ("teamId", lower("name"));

-- One default per workspace (no group) and one schedule per group.
create unique index business_hours_team_group_idx on business_hours ("teamId", coalesce("groupId", ''));

create trigger business_hours_scoped_seq before insert on business_hours for each row execute function number_in_team_scope();
