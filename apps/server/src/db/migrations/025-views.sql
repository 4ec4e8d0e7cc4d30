-- A member's saved ticket views (decision 019): their own, or shared with the workspace. Only the member
-- who saved one changes or deletes it; a view goes with its workspace and with its member's account.
create table views (
  seq bigserial primary key,
  id text not null unique,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  permissions text[] not null default '{}',
  read_roles text[] not null default '{}',
  scoped_seq bigint not null,
  "userId" text not null references users (id) on delete cascade,
  "teamId" text not null references teams (id) on delete cascade,
  "name" text not null,
  "filters" jsonb not null,
  "filters_bytes" integer generated always as (octet_length("filters"::text)) stored,
  "shared" boolean not null default false
);

create index views_team_idx on views ("teamId", seq);

create trigger views_scoped_seq before insert on views for each row execute function number_in_owner_scope();
