-- Inbound mail: parsing mailboxes, the durable inbound store, conversations and attachment files.
create table mailboxes (
  seq bigserial primary key,
  id text not null unique,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  permissions text[] not null default '{}',
  read_roles text[] not null default '{}',
  "address" text not null unique,
  "userId" text not null references users (id) on delete cascade,
  "webhookSecret" text not null,
  "received" integer not null default 0,
  "tickets" integer not null default 0,
  "threadMessages" integer not null default 0,
  "duplicates" integer not null default 0,
  "autoReplies" integer not null default 0,
  "bounces" integer not null default 0,
  "loops" integer not null default 0,
  "rejected" integer not null default 0
);
create unique index mailboxes_user_key on mailboxes ("userId");
create index mailboxes_read_roles_idx on mailboxes using gin (read_roles);

-- One row per delivery, committed before the sender is acknowledged; the bytes live in inbound_raw.
create table inbound_emails (
  seq bigserial primary key,
  id text not null unique,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  permissions text[] not null default '{}',
  read_roles text[] not null default '{}',
  "mailboxId" text not null references mailboxes (id) on delete cascade,
  "userId" text not null,
  "channel" text not null,
  "externalId" text,
  "sha256" text not null,
  "size" integer not null,
  "envelopeFrom" text,
  "duplicateOf" text,
  "status" text not null default 'received'
    check ("status" in ('received', 'ticket', 'thread-message', 'duplicate', 'auto-reply', 'bounce', 'loop', 'rejected')),
  "reason" text,
  "from" text,
  "subject" text,
  "messageId" text,
  "ticketId" text,
  "threadMessageId" text,
  "processedAt" timestamptz
);
create unique index inbound_emails_bytes_key on inbound_emails ("mailboxId", "sha256") where "duplicateOf" is null;
create unique index inbound_emails_external_key on inbound_emails ("mailboxId", "channel", "externalId")
  where "duplicateOf" is null and "externalId" is not null;
create index inbound_emails_message_id_idx on inbound_emails ("mailboxId", "messageId");
create index inbound_emails_pending_idx on inbound_emails (created_at) where "status" = 'received';
create index inbound_emails_read_roles_idx on inbound_emails using gin (read_roles);
create index inbound_emails_mailbox_created_idx on inbound_emails ("mailboxId", created_at desc, seq desc);

create table inbound_raw (
  inbound_id text primary key references inbound_emails (id) on delete cascade,
  raw bytea not null
);

-- Message-IDs that belong to a ticket's conversation (received, and later sent), per owner.
create table mail_thread_ids (
  user_id text not null,
  message_id text not null,
  ticket_id text not null,
  created_at timestamptz not null default now(),
  primary key (user_id, message_id)
);
create index mail_thread_ids_ticket_idx on mail_thread_ids (ticket_id);

create table messages (
  seq bigserial primary key,
  id text not null unique,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  permissions text[] not null default '{}',
  read_roles text[] not null default '{}',
  "ticketId" text not null,
  "userId" text not null,
  "direction" text not null check ("direction" in ('inbound', 'outbound')),
  "from" text not null,
  "subject" text not null,
  "body" text not null,
  "rawJson" jsonb,
  "messageId" text,
  "inboundId" text,
  "sentAt" timestamptz,
  "createdAt" timestamptz not null default now()
);
create index messages_ticket_idx on messages ("ticketId", created_at, seq);
create index messages_read_roles_idx on messages using gin (read_roles);

create table files (
  seq bigserial primary key,
  id text not null unique,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  permissions text[] not null default '{}',
  read_roles text[] not null default '{}',
  "bucketId" text not null,
  "name" text not null,
  "mimeType" text not null,
  "sizeOriginal" bigint not null,
  "signature" text not null,
  "storageKey" text not null,
  "ticketId" text,
  "threadMessageId" text,
  "inboundId" text,
  "contentId" text,
  "disposition" text not null default 'attachment'
);
create index files_ticket_idx on files ("ticketId", seq);
create index files_read_roles_idx on files using gin (read_roles);
