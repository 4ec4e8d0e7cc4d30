-- Every mail the product sends (invitations, recoveries, verifications, replies): a row committed with
-- whatever caused it, then sent by a job (docs/decisions/008-outbox.md). Served read-only as `outbox`.
create table outbox (
  seq bigserial primary key,
  id text not null unique,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  permissions text[] not null default '{}',
  read_roles text[] not null default '{}',
  -- The account the mail is counted under ($sequence); who may read it is in read_roles.
  "userId" text not null,
  scoped_seq bigint not null,
  "kind" text not null check ("kind" in ('invitation', 'recovery', 'verification', 'reply')),
  "idempotencyKey" text not null unique,
  "from" text not null,
  "to" jsonb not null,
  "cc" jsonb not null default '[]',
  "subject" text not null,
  "text" text not null,
  "html" text,
  "messageId" text not null unique,
  "inReplyTo" text,
  "references" jsonb,
  "state" text not null default 'queued'
    check ("state" in ('queued', 'sending', 'sent', 'failed', 'not-sent')),
  "attempts" integer not null default 0,
  "lastError" text,
  "sentAt" timestamptz,
  -- The pg-boss job whose run holds the mail while it is `sending`: only that job's retry may take it
  -- back (after its run died), never a second job enqueued for the same mail meanwhile.
  sending_job text,
  "to_bytes" integer generated always as (octet_length("to"::text)) stored,
  "cc_bytes" integer generated always as (octet_length("cc"::text)) stored,
  "references_bytes" integer generated always as (octet_length("references"::text)) stored
);
create index outbox_read_roles_idx on outbox using gin (read_roles);
create index outbox_created_idx on outbox (created_at desc, seq desc);
-- What the sweeper looks at: mail not yet sent or given up on.
create index outbox_pending_idx on outbox (updated_at) where "state" in ('queued', 'sending', 'not-sent');
create trigger outbox_scoped_seq before insert on outbox for each row execute function number_in_owner_scope()
