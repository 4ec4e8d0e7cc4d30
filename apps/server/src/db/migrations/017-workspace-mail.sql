-- The parsing mailboxes, IMAP accounts, tickets, and the mail, messages and files that come with them
-- belong to a workspace, and every member reads them (decision 010). Each account's data moves into the
-- earliest workspace it owns; an account that holds data but owns no workspace (it deleted its own) gets
-- one again, made as 015 made them.
with homeless as (
  select u.id as user_id, u.email, u.created_at,
    substr(md5('home-team' || u.id), 1, 20) as team_id,
    substr(md5('home-membership' || u.id), 1, 20) as membership_id,
    coalesce(nullif(u.name, ''), split_part(u.email, '@', 1)) as owner_name
  from users u
  where not exists (
    select 1 from memberships m where m.user_id = u.id and m.confirm and 'owner' = any(m.roles)
  ) and (
    exists (select 1 from mailboxes b where b."userId" = u.id)
    or exists (select 1 from tickets t where t."userId" = u.id)
  )
), created as (
  insert into teams (id, name, created_at, updated_at)
  select team_id, left(owner_name || '''s workspace', 128), created_at, created_at from homeless
)
insert into memberships (id, team_id, user_id, email, roles, confirm, invited_at, joined_at, created_at, updated_at)
select membership_id, team_id, user_id, email, array['owner'], true, created_at, created_at, created_at, created_at
from homeless;

create temporary table home_workspaces as
select distinct on (user_id) user_id, team_id from memberships
where confirm and 'owner' = any(roles) and user_id is not null
order by user_id, joined_at nulls last, created_at;

-- Rows of accounts that no longer exist: nobody could read them before, and no workspace can take them.
delete from tickets t where not exists (select 1 from home_workspaces h where h.user_id = t."userId");

delete from messages m where not exists (select 1 from tickets t where t.id = m."ticketId");

alter table mailboxes add column "teamId" text references teams (id) on delete cascade;

update mailboxes b set "teamId" = h.team_id,
  permissions = array['read("team:' || h.team_id || '")', 'update("team:' || h.team_id || '/owner")',
    'update("team:' || h.team_id || '/admin")'],
  read_roles = array['team:' || h.team_id]
from home_workspaces h where h.user_id = b."userId";

alter table mailboxes alter column "teamId" set not null;

drop index mailboxes_user_key;

create index mailboxes_team_idx on mailboxes ("teamId", seq);

alter table inbound_emails add column "teamId" text;

update inbound_emails i set "teamId" = b."teamId", read_roles = array['team:' || b."teamId"],
  permissions = array['read("team:' || b."teamId" || '")']
from mailboxes b where b.id = i."mailboxId";

alter table inbound_emails alter column "teamId" set not null;

alter table imap_accounts add column "teamId" text references teams (id) on delete cascade;

update imap_accounts a set "teamId" = b."teamId",
  permissions = array['read("team:' || b."teamId" || '/owner")', 'read("team:' || b."teamId" || '/admin")',
    'update("team:' || b."teamId" || '/owner")', 'update("team:' || b."teamId" || '/admin")',
    'delete("team:' || b."teamId" || '/owner")', 'delete("team:' || b."teamId" || '/admin")'],
  read_roles = array['team:' || b."teamId" || '/owner', 'team:' || b."teamId" || '/admin']
from mailboxes b where b.id = a."mailboxId";

alter table imap_accounts alter column "teamId" set not null;

drop index imap_accounts_user_idx;

create index imap_accounts_team_idx on imap_accounts ("teamId");

alter table tickets add column "teamId" text references teams (id) on delete cascade;

update tickets t set "teamId" = h.team_id,
  permissions = array['read("team:' || h.team_id || '")', 'update("team:' || h.team_id || '")',
    'delete("team:' || h.team_id || '")'],
  read_roles = array['team:' || h.team_id]
from home_workspaces h where h.user_id = t."userId";

alter table tickets alter column "teamId" set not null;

drop index tickets_user_created_idx;

create index tickets_team_created_idx on tickets ("teamId", created_at desc, seq desc);

alter table messages add column "teamId" text references teams (id) on delete cascade;

update messages m set "teamId" = t."teamId",
  permissions = array['read("team:' || t."teamId" || '")', 'delete("team:' || t."teamId" || '")'],
  read_roles = array['team:' || t."teamId"]
from tickets t where t.id = m."ticketId";

alter table messages alter column "teamId" set not null;

-- A file that came with mail belongs to its ticket's workspace; other files keep their own permissions.
alter table files add column "teamId" text references teams (id) on delete cascade;

update files f set "teamId" = t."teamId",
  permissions = array['read("team:' || t."teamId" || '")'],
  read_roles = array['team:' || t."teamId"]
from tickets t where t.id = f."ticketId";

-- Message-IDs thread answers within a workspace now; two accounts' tickets that landed in one workspace
-- may both know a Message-ID: the earlier keeps it.
alter table mail_thread_ids add column team_id text;

update mail_thread_ids m set team_id = t."teamId" from tickets t where t.id = m.ticket_id;

delete from mail_thread_ids where team_id is null;

delete from mail_thread_ids a using mail_thread_ids b
where a.team_id = b.team_id and a.message_id = b.message_id
  and (a.created_at, a.ctid) > (b.created_at, b.ctid);

alter table mail_thread_ids drop constraint mail_thread_ids_pkey;

alter table mail_thread_ids drop column user_id;

alter table mail_thread_ids alter column team_id set not null;

alter table mail_thread_ids add primary key (team_id, message_id);

drop table home_workspaces;
