-- A report joined every rated survey of the database to its tickets (a scan of the whole table per statement:
-- 50 ms of each at 1,000,000 tickets, growing with the desk's history). The rating is an event of the ticket's
-- log (`satisfaction`, written with the survey's answer), so its row holds it, as its other measures
-- (decision 069, session 19); filled here from the surveys, so nothing is measured again after the upgrade.
alter table report_rows add column rating text check (rating in ('good', 'bad'));
update report_rows r set rating = s.rating
from satisfaction_surveys s where s."ticketId" = r."ticketId" and s.rating is not null;

-- ("teamId", "createdAt") serves every read the workspace's own index did.
drop index report_rows_team_idx;

-- The "events" cohort asks which tickets had an event in a period: with the ticket in the index, it is
-- answered from the index alone, where it read every event's row of the period (0.7 s of a 30-day report at
-- 1,000,000 tickets).
create index ticket_events_team_created_ticket_idx on ticket_events ("teamId", created_at) include ("ticketId");
drop index ticket_events_team_created_idx;
-- Only from pages vacuum has marked all-visible, though: by default an insert-only table is vacuumed once it
-- grew by a fifth, which at 1,000,000 tickets a year is every two months or so, so the pages of the last
-- weeks, the ones a report reads, were never marked. Vacuumed after each half percent, they are (each
-- vacuum reads only the pages written since the last).
alter table ticket_events set (autovacuum_vacuum_insert_scale_factor = 0.005);
