-- realtime_events is a mailbox between processes, not a record: each row is read within milliseconds of
-- its commit by the other processes' listeners (or by one catching up after a reconnect) and pruned after
-- 60 s. Logged, every ~15 KB ticket event cost 10-16 KB of WAL and a commit that waited for the WAL flush
-- (1-2.5 ms an insert here, 0.3-0.5 ms unlogged). UNLOGGED writes no WAL for it. The price: a Postgres
-- crash empties the table, so a listener misses the events committed just before the crash that it had
-- not fetched yet, as it misses events pruned while it was away. Streaming replicas do not have it
-- either; nothing reads it there.
alter table realtime_events set unlogged;

-- Postgres 15+ makes the id sequence unlogged along with the table, and an unlogged sequence restarts
-- at 1 after a crash: every running process would take the new ids for ones it had already seen and drop
-- those events. So the sequence stays logged (nextval writes WAL once per 32 ids). Before 15 it already is.
do $$ begin if current_setting('server_version_num')::int >= 150000 then execute 'alter sequence realtime_events_id_seq set logged'; end if; end $$;

-- pglz compressed every event over ~2 KB at ~215 µs of server CPU per ticket event. lz4 costs about what
-- storing it uncompressed costs (~90 µs) and keeps it 2.6x smaller (6 KB, not 17 KB: a minute of events
-- at full ingest speed is hundreds of MB). A Postgres without lz4 (PGlite is one) refuses the method:
-- there the events are stored uncompressed (EXTERNAL), as a minute's worth is not worth pglz's CPU.
do $$ begin alter table realtime_events alter column event set compression lz4; exception when feature_not_supported then alter table realtime_events alter column event set storage external; end $$;
