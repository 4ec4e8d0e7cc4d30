-- A document's $sequence counts within its owner's documents of the collection (1, 2, 3...), not across
-- the whole system: a global counter told every user how many tickets everyone else had. `seq` stays the
-- global order that cursors and ties use internally; it is never shown.
create table document_sequences (
  collection text not null,
  scope text not null,
  last bigint not null,
  primary key (collection, scope)
);

-- The owner's next number; the counter row is locked until the insert commits, so numbers never repeat.
create function number_in_owner_scope() returns trigger language plpgsql as $$
begin
  insert into document_sequences (collection, scope, last) values (tg_table_name, new."userId", 1)
    on conflict (collection, scope) do update set last = document_sequences.last + 1
    returning last into new.scoped_seq;
  return new;
end $$;

-- For a collection nobody reads back but its creator, once (the waitlist): one count for all.
create function number_in_collection() returns trigger language plpgsql as $$
begin
  insert into document_sequences (collection, scope, last) values (tg_table_name, '', 1)
    on conflict (collection, scope) do update set last = document_sequences.last + 1
    returning last into new.scoped_seq;
  return new;
end $$;

alter table tickets add column scoped_seq bigint;
alter table messages add column scoped_seq bigint;
alter table inbound_emails add column scoped_seq bigint;
alter table mailboxes add column scoped_seq bigint;
alter table imap_accounts add column scoped_seq bigint;
alter table waitlist add column scoped_seq bigint;

update tickets t set scoped_seq = n.n
  from (select id, row_number() over (partition by "userId" order by seq) as n from tickets) n where n.id = t.id;
update messages t set scoped_seq = n.n
  from (select id, row_number() over (partition by "userId" order by seq) as n from messages) n where n.id = t.id;
update inbound_emails t set scoped_seq = n.n
  from (select id, row_number() over (partition by "userId" order by seq) as n from inbound_emails) n where n.id = t.id;
update mailboxes t set scoped_seq = n.n
  from (select id, row_number() over (partition by "userId" order by seq) as n from mailboxes) n where n.id = t.id;
update imap_accounts t set scoped_seq = n.n
  from (select id, row_number() over (partition by "userId" order by seq) as n from imap_accounts) n where n.id = t.id;
update waitlist t set scoped_seq = n.n from (select id, row_number() over (order by seq) as n from waitlist) n where n.id = t.id;

insert into document_sequences (collection, scope, last)
  select 'tickets', "userId", max(scoped_seq) from tickets group by "userId"
  union all select 'messages', "userId", max(scoped_seq) from messages group by "userId"
  union all select 'inbound_emails', "userId", max(scoped_seq) from inbound_emails group by "userId"
  union all select 'mailboxes', "userId", max(scoped_seq) from mailboxes group by "userId"
  union all select 'imap_accounts', "userId", max(scoped_seq) from imap_accounts group by "userId"
  union all select 'waitlist', '', max(scoped_seq) from waitlist having count(*) > 0;

create trigger tickets_scoped_seq before insert on tickets for each row execute function number_in_owner_scope();
create trigger messages_scoped_seq before insert on messages for each row execute function number_in_owner_scope();
create trigger inbound_emails_scoped_seq before insert on inbound_emails for each row execute function number_in_owner_scope();
create trigger mailboxes_scoped_seq before insert on mailboxes for each row execute function number_in_owner_scope();
create trigger imap_accounts_scoped_seq before insert on imap_accounts for each row execute function number_in_owner_scope();
create trigger waitlist_scoped_seq before insert on waitlist for each row execute function number_in_collection();

alter table tickets alter column scoped_seq set not null;
alter table messages alter column scoped_seq set not null;
alter table inbound_emails alter column scoped_seq set not null;
alter table mailboxes alter column scoped_seq set not null;
alter table imap_accounts alter column scoped_seq set not null;
alter table waitlist alter column scoped_seq set not null
