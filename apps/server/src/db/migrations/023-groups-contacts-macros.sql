-- Groups of members, requesters (contacts) and canned replies (macros), each a workspace's (decision 017).
-- Their `$sequence` counts within the workspace.
create function number_in_team_scope() returns trigger language plpgsql as $$
begin
  insert into document_sequences (collection, scope, last) values (tg_table_name, new."teamId", 1)
    on conflict (collection, scope) do update set last = document_sequences.last + 1
    returning last into new.scoped_seq;
  return new;
end $$;

-- Named groups of a workspace's members (Billing, Tier 2) that tickets are routed to.
create table groups (
  seq bigserial primary key,
  id text not null unique,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  permissions text[] not null default '{}',
  read_roles text[] not null default '{}',
  scoped_seq bigint not null,
  "teamId" text not null references teams (id) on delete cascade,
  "name" text not null check (char_length("name") between 1 and 80),
  "description" text not null default '' check (char_length("description") <= 1000),
  "memberIds" jsonb not null default '[]' check (jsonb_typeof("memberIds") = 'array'),
  "memberIds_bytes" integer generated always as (octet_length("memberIds"::text)) stored,
  -- The target of tickets' ("teamId", "groupId"): a ticket's group is always of its own workspace.
  unique ("teamId", id)
);

-- Names are unique in a workspace whatever their case: "Billing" and "billing" would be one group to people.
create unique index groups_team_name_idx on groups ("teamId", lower("name"));

create trigger groups_scoped_seq before insert on groups for each row execute function number_in_team_scope();

-- A member who leaves the workspace (removed, or their account deleted) leaves its groups in the same
-- statement, whichever code removed them.
create function leave_workspace_groups() returns trigger language plpgsql as $$
begin
  if old.user_id is not null then
    update groups set "memberIds" = "memberIds" - old.user_id, updated_at = now()
      where "teamId" = old.team_id and "memberIds" ? old.user_id;
  end if;
  return old;
end $$;

create trigger memberships_leave_groups after delete on memberships
  for each row execute function leave_workspace_groups();

-- A workspace's requesters, one per address (stored lower-case).
create table contacts (
  seq bigserial primary key,
  id text not null unique,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  permissions text[] not null default '{}',
  read_roles text[] not null default '{}',
  scoped_seq bigint not null,
  "teamId" text not null references teams (id) on delete cascade,
  "email" text not null check ("email" = lower("email") and char_length("email") between 3 and 320),
  "name" text not null default '' check (char_length("name") <= 200),
  "organisation" text not null default '' check (char_length("organisation") <= 200),
  unique ("teamId", "email"),
  unique ("teamId", id)
);

create trigger contacts_scoped_seq before insert on contacts for each row execute function number_in_team_scope();

-- Canned replies: a text with placeholders and the ticket changes that come with it.
create table macros (
  seq bigserial primary key,
  id text not null unique,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  permissions text[] not null default '{}',
  read_roles text[] not null default '{}',
  scoped_seq bigint not null,
  "teamId" text not null references teams (id) on delete cascade,
  "name" text not null check (char_length("name") between 1 and 80),
  "body" text not null default '' check (char_length("body") <= 20000),
  "actions" jsonb not null check (jsonb_typeof("actions") = 'object'),
  "actions_bytes" integer generated always as (octet_length("actions"::text)) stored
);

create unique index macros_team_name_idx on macros ("teamId", lower("name"));

create trigger macros_scoped_seq before insert on macros for each row execute function number_in_team_scope();

-- Migration 021 added the two ticket columns without their tables, and nothing could set them to a real
-- row: whatever they hold points nowhere.
update tickets set "groupId" = null where "groupId" is not null;

update tickets set "requesterId" = null where "requesterId" is not null;

-- Every existing ticket's requester, from its address (as the form and mail store it), when it is one.
insert into contacts (id, permissions, read_roles, "teamId", "email")
select substr(md5('contact' || t."teamId" || '/' || t.email), 1, 20),
  array['read("team:' || t."teamId" || '")', 'update("team:' || t."teamId" || '")',
    'delete("team:' || t."teamId" || '/owner")', 'delete("team:' || t."teamId" || '/admin")'],
  array['team:' || t."teamId"], t."teamId", t.email
from (
  select distinct "teamId", lower(btrim(email)) as email from tickets
  where lower(btrim(email)) ~ '^[^@[:space:]<>]+@[^@[:space:]<>]+$' and char_length(btrim(email)) <= 320
) t
order by t."teamId", t.email;

update tickets t set "requesterId" = c.id
from contacts c where c."teamId" = t."teamId" and c.email = lower(btrim(t.email));

-- A ticket's group and requester are rows of its own workspace; deleting one leaves its tickets without.
alter table tickets add constraint tickets_group_fk foreign key ("teamId", "groupId")
  references groups ("teamId", id) on delete set null ("groupId");

alter table tickets add constraint tickets_requester_fk foreign key ("teamId", "requesterId")
  references contacts ("teamId", id) on delete set null ("requesterId");

-- "Their other tickets" (Query.equal('requesterId', id)) and a group's queue read these.
create index tickets_requester_idx on tickets ("requesterId", seq) where "requesterId" is not null;

create index tickets_group_idx on tickets ("groupId", seq) where "groupId" is not null;
