-- A member's last routed time is written with routing's events, by the statement that inserts them, instead of
-- by a statement of its own after them (decision 067, Session 22): one round trip fewer in every batch that
-- routes, inside the section where a workspace's batches wait for each other. Only routing's assignments
-- count (an `assignee` event beside a `routed` decision choosing that agent, written together by the routing
-- pass under routing's lock), as before: a member's own assignment neither marks nor takes that lock.
-- Agents handed several tickets by one statement are ordered as the pass handed them (by the events' order),
-- a millisecond apart, the precision routing reads them at; each after every mark the workspace holds, as
-- the pass's own clock was (the statement runs under routing's lock, so no other pass marks meanwhile).
create function mark_routed_members() returns trigger
language plpgsql as $$
begin
  insert into routing_members ("teamId", "userId", "lastAssignedAt")
  select latest."teamId", latest.agent,
    greatest(
      date_trunc('milliseconds', clock_timestamp()),
      (select max(r."lastAssignedAt") + interval '1 millisecond' from routing_members r
       where r."teamId" = latest."teamId")
    ) + (row_number() over (partition by latest."teamId" order by latest.last_seq) - 1) * interval '1 millisecond'
  from (
    select a."teamId", a."after" #>> '{}' as agent, max(a.seq) as last_seq
    from added a
    join added r on r."ticketId" = a."ticketId" and r."type" = 'routed'
      and r."after" ->> 'chosen' = a."after" #>> '{}'
    where a."type" = 'assignee' and jsonb_typeof(a."after") = 'string'
    group by 1, 2
  ) latest
  on conflict ("teamId", "userId")
    do update set "lastAssignedAt" = excluded."lastAssignedAt", updated_at = now();
  return null;
end $$;

create trigger ticket_events_mark_routed after insert on ticket_events
  referencing new table as added
  for each statement execute function mark_routed_members();
