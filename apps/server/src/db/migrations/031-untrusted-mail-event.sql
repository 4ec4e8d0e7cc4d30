-- A customer's mail kept off the ticket it names, or whose From failed the receiving server's DMARC check,
-- says so on the ticket it opened (decision 024). The kind joins whatever kinds the check allows when this
-- runs: other migrations of the same release add kinds of their own, and this one must not take theirs away.
do $$
declare
  definition text;
begin
  select pg_get_constraintdef(oid) into definition from pg_constraint
  where conname = 'ticket_events_type_check' and conrelid = 'ticket_events'::regclass;
  if position('''untrusted-mail''' in definition) = 0 then
    execute 'alter table ticket_events drop constraint ticket_events_type_check';
    execute 'alter table ticket_events add constraint ticket_events_type_check '
      || regexp_replace(definition, '\]\)', ', ''untrusted-mail''::text])');
  end if;
end
$$;
