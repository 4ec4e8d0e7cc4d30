-- Each JSON attribute's size as text, computed once at write, so a list can weigh a page before it reads
-- it (text columns need nothing: octet_length reads their stored size without unpacking them).
alter table tickets add column "rawJson_bytes" integer generated always as (octet_length("rawJson"::text)) stored;
alter table messages add column "rawJson_bytes" integer generated always as (octet_length("rawJson"::text)) stored
