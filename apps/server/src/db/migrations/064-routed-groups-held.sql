-- Routing's lock and its read of the groups with their members' loads in one round trip instead of two
-- (decision 067, Session 21), as the intake slot was made one (decision 033). The workspaces' locks are taken
-- in the order the server takes them (its ids are ASCII, so JavaScript's sort is "C"'s), then the groups are
-- read: each statement of a plpgsql function takes a fresh snapshot, so the read sees every assignment a
-- previous holder committed, as the separate statements did. It reads what GROUP_COLUMNS and
-- readRoutingMembers (routing/routing-repository.ts) read.
create function routed_groups_held(group_ids text[], manual text, closed text)
returns setof jsonb
language plpgsql as $$
declare
  team text;
begin
  for team in
    select distinct g."teamId" collate "C" from groups g where g.id = any(group_ids) order by 1
  loop
    perform pg_advisory_xact_lock(hashtext('routing:' || team));
  end loop;
  return query
    select jsonb_build_object(
      'id', g.id, 'teamId', g."teamId", 'strategy', g."strategy", 'cap', g."cap", 'memberIds', g."memberIds",
      'skillsFirst', g."skillsFirst", 'memberSkills', g."memberSkills", 'skillRules', g."skillRules",
      'members', case when g."strategy" = manual then '[]'::jsonb else (
        select coalesce(jsonb_agg(jsonb_build_object(
            'userId', m.id,
            'available', coalesce(r."available", true),
            'load', (select count(*) from tickets t
                     where t."teamId" = g."teamId" and t."assigneeId" = m.id and t."status" <> closed),
            'lastAssignedAt', r."lastAssignedAt") order by m.position), '[]'::jsonb)
        from jsonb_array_elements_text(g."memberIds") with ordinality as m(id, position)
        left join routing_members r on r."teamId" = g."teamId" and r."userId" = m.id) end)
    from groups g where g.id = any(group_ids);
end $$;
