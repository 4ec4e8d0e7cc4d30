-- A member who leaves a workspace (removed, leaving, or their account deleted) is no longer the assignee of
-- its tickets, whichever code removed them, and each ticket's log says so: an `assignee` event by `system`,
-- from their id to none (decision 013). The realtime updates of those tickets are the application's: a
-- trigger cannot publish them.
create function unassign_member_tickets(workspace text, member text) returns void language sql as $$
  with unassigned as (
    update tickets set "assigneeId" = null, updated_at = now()
    where "assigneeId" = member and "teamId" is not null and (workspace is null or "teamId" = workspace)
    returning id, "teamId"
  )
  -- As recordTicketEvents writes them: read by the workspace's members, numbered per ticket by the
  -- ticket_events_scoped_seq trigger under the ticket's lock, which the update above holds.
  insert into ticket_events (id, permissions, read_roles, "ticketId", "teamId", "type", "actorType", "before")
  select gen_random_uuid()::text, array['read("team:' || "teamId" || '")'], array['team:' || "teamId"],
    id, "teamId", 'assignee', 'system', to_jsonb(member)
  from unassigned
  order by id
$$;

create function unassign_leaving_member() returns trigger language plpgsql as $$
begin
  -- A deleted workspace takes its tickets along: there is nothing left to log on.
  if old.user_id is not null and exists (select 1 from teams where id = old.team_id) then
    perform unassign_member_tickets(old.team_id, old.user_id);
  end if;
  return old;
end $$;

create trigger memberships_unassign_tickets after delete on memberships
  for each row execute function unassign_leaving_member();

-- Before the account's row goes: its memberships' cascade and the tickets' foreign key (`on delete set
-- null`) run in an order Postgres does not promise, and the key would null the assignee without a word.
create function unassign_deleted_account() returns trigger language plpgsql as $$
begin
  perform unassign_member_tickets(null, old.id);
  return old;
end $$;

create trigger users_unassign_tickets before delete on users
  for each row execute function unassign_deleted_account();
