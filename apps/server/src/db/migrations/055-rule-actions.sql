-- A rule's automatic reply and webhook (issue 25, decision 065).

-- Each rule's webhook secret, apart from the rule's document so that no read of rules ever returns it:
-- shown once when made, then only used to sign.
create table rule_webhook_secrets (
  "ruleId" text primary key references rules (id) on delete cascade,
  "secret" text not null check (char_length("secret") between 32 and 100),
  created_at timestamptz not null default now()
);

-- The last automatic reply each requester got from a workspace: at most one an hour, checked and written
-- in the ingest's transaction.
create table auto_replies (
  "teamId" text not null references teams (id) on delete cascade,
  "address" text not null check (char_length("address") <= 320),
  "sentAt" timestamptz not null,
  primary key ("teamId", "address")
);

-- The new outbox kind and event type join whatever the checks allow when this runs (as migration 031 does).
do $$
declare
  definition text;
  item record;
begin
  for item in
    select * from (values ('outbox', 'outbox_kind_check', 'auto-reply'),
                          ('ticket_events', 'ticket_events_type_check', 'rule-webhook')) v(tbl, con, val)
  loop
    select pg_get_constraintdef(oid) into definition from pg_constraint
    where conname = item.con and conrelid = item.tbl::regclass;
    if position('''' || item.val || '''' in definition) = 0 then
      execute format('alter table %I drop constraint %I', item.tbl, item.con);
      execute format('alter table %I add constraint %I ', item.tbl, item.con)
        || regexp_replace(definition, '\]\)', ', ''' || item.val || '''::text])');
    end if;
  end loop;
end
$$;
