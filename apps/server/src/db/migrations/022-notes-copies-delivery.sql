-- Internal notes, copies, formatted replies with attachments, and their delivery state (decision 016).

-- A member's internal note is a message of the conversation that is never mailed.
alter table messages drop constraint messages_direction_check;

alter table messages add constraint messages_direction_check check ("direction" in ('inbound', 'outbound', 'note'));

alter table messages add column "bodyHtml" text;

alter table messages add column "cc" jsonb not null default '[]';

alter table messages add column "cc_bytes" integer generated always as (octet_length("cc"::text)) stored;

alter table messages add column "attachmentIds" jsonb not null default '[]';

alter table messages add column "attachmentIds_bytes" integer generated always as (octet_length("attachmentIds"::text)) stored;

-- A reply's mail, and its state as the outbox last moved it (kept here so one list shows the timeline).
alter table messages add column "mailId" text;

alter table messages add column "deliveryState" text check ("deliveryState" in ('queued', 'sending', 'sent', 'failed', 'not-sent'));

alter table messages add column "deliveryError" text;

create index messages_mail_idx on messages ("mailId") where "mailId" is not null;

update messages m set "mailId" = o.id, "deliveryState" = o."state", "deliveryError" = o."lastError"
  from outbox o where m.direction = 'outbound' and o."idempotencyKey" = 'reply:' || m.id;

-- A customer's answer lists the files that came with it; files written with a message name it from now on.
update messages m set "attachmentIds" = f.ids
  from (select "threadMessageId" as message_id, jsonb_agg(id order by seq) as ids from files
        where "threadMessageId" is not null group by "threadMessageId") f
  where f.message_id = m.id;

create function list_message_attachment() returns trigger language plpgsql as $$
begin
  update messages set "attachmentIds" = "attachmentIds" || jsonb_build_array(new.id)
    where id = new."threadMessageId" and not "attachmentIds" ? new.id;
  return null;
end $$;

create trigger files_list_message_attachment after insert on files
  for each row when (new."threadMessageId" is not null) execute function list_message_attachment();

-- A member's upload waits, readable by them alone, until a reply sends it (and links it to its ticket).
alter table files add column "uploadedBy" text;

create index files_uploaded_by_idx on files ("uploadedBy") where "uploadedBy" is not null;

-- A reply's check for a bounced requester reads the replies mailed to that address, whatever the workspace's size.
create index outbox_reply_to_idx on outbox using gin ("to") where "kind" = 'reply';

alter table outbox add column "attachments" jsonb not null default '[]';

alter table outbox add column "attachments_bytes" integer generated always as (octet_length("attachments"::text)) stored;
