-- The rules that did not fire in a pass are one event (`rule-misses`, decision 067's Session 15), not a
-- `rule-evaluated` row each. The new type joins whatever the check allows when this runs (as 031 does).
do $$
declare
  definition text;
begin
  select pg_get_constraintdef(oid) into definition from pg_constraint
  where conname = 'ticket_events_type_check' and conrelid = 'ticket_events'::regclass;
  if position('''rule-misses''' in definition) = 0 then
    alter table ticket_events drop constraint ticket_events_type_check;
    execute 'alter table ticket_events add constraint ticket_events_type_check '
      || regexp_replace(definition, '\]\)', ', ''rule-misses''::text])');
  end if;
end
$$;
