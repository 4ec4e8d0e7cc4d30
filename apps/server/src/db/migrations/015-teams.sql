-- Workspaces are Appwrite teams: a name, preferences, and members with roles. An invitation is a
-- membership not yet confirmed, bound to the invited address until it is accepted.
create table teams (
  id text primary key,
  name text not null check (char_length(name) between 1 and 128),
  prefs jsonb not null default '{}',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table memberships (
  id text primary key,
  team_id text not null references teams (id) on delete cascade,
  -- The member once accepted; an invitation of someone with an account names them from the start.
  user_id text references users (id) on delete cascade,
  -- The invited address (lower case); a member's current address is their account's.
  email text not null,
  name text not null default '',
  roles text[] not null check (
    cardinality(roles) between 1 and 3 and roles <@ array['owner', 'admin', 'agent']::text[]
  ),
  confirm boolean not null default false,
  -- The invitation's single-use secret, as a SHA-256; cleared when it is used.
  secret_hash text,
  secret_expire timestamptz,
  invited_by text references users (id) on delete set null,
  invited_at timestamptz not null default now(),
  joined_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (team_id, email)
);
create unique index memberships_team_user_idx on memberships (team_id, user_id) where user_id is not null;
create index memberships_user_idx on memberships (user_id) where confirm;

-- Every account has a workspace of its own, named after it, with the account as its owner.
with owners as (
  select u.id as user_id, u.email, u.created_at,
    substr(md5('team' || u.id), 1, 20) as team_id,
    substr(md5('membership' || u.id), 1, 20) as membership_id,
    coalesce(nullif(u.name, ''), split_part(u.email, '@', 1)) as owner_name
  from users u
), created as (
  insert into teams (id, name, created_at, updated_at)
  select team_id, left(owner_name || '''s workspace', 128), created_at, created_at from owners
)
insert into memberships (id, team_id, user_id, email, roles, confirm, invited_at, joined_at, created_at, updated_at)
select membership_id, team_id, user_id, email, array['owner'], true, created_at, created_at, created_at, created_at
from owners;
