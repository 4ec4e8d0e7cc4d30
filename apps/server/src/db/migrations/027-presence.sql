-- Who is on a ticket right now (decision 021): one row per member and ticket, written again by the
-- member's page every 15 s and when they start or stop typing, counted until "expiresAt". Expired rows
-- are ignored by readers and deleted by the next write on the ticket or by the member.
create table presence (
  seq bigserial primary key,
  id text not null unique,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  permissions text[] not null default '{}',
  read_roles text[] not null default '{}',
  scoped_seq bigint,
  "ticketId" text not null references tickets (id) on delete cascade,
  -- The ticket's, copied for the read rule; it goes with the ticket, which goes with its workspace.
  "teamId" text not null,
  "userId" text not null references users (id) on delete cascade,
  "userName" text not null,
  "state" text not null check ("state" in ('viewing', 'replying')),
  "expiresAt" timestamptz not null
);

create unique index presence_ticket_user_idx on presence ("ticketId", "userId");

create index presence_user_idx on presence ("userId");

create trigger presence_scoped_seq before insert on presence for each row execute function number_in_owner_scope();
