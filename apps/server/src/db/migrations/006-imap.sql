-- Existing mailboxes a user connects over IMAP; the password is sealed with the server's key (AES-256-GCM).
create table imap_accounts (
  seq bigserial primary key,
  id text not null unique,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  permissions text[] not null default '{}',
  read_roles text[] not null default '{}',
  "userId" text not null references users (id) on delete cascade,
  "mailboxId" text not null references mailboxes (id) on delete cascade,
  "host" text not null,
  "port" integer not null check ("port" between 1 and 65535),
  "secure" boolean not null,
  "username" text not null,
  "password" text not null,
  "folder" text not null default 'INBOX',
  "moveTo" text,
  "enabled" boolean not null default true,
  "status" text not null default 'connecting'
    check ("status" in ('connecting', 'connected', 'error', 'disabled')),
  "mode" text check ("mode" in ('idle', 'poll')),
  "lastError" text,
  "lastCheckedAt" timestamptz,
  "fetched" integer not null default 0,
  -- Which worker process holds the account's one connection, and until when unless it renews.
  lease_owner text,
  lease_until timestamptz
);
create index imap_accounts_read_roles_idx on imap_accounts using gin (read_roles);
create index imap_accounts_user_idx on imap_accounts ("userId");
