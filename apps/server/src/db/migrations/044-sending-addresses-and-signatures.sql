-- Replies speak as the company and the agent (decision 047). A mailbox's sending address is used as From
-- and Reply-To only once a test mail carrying "token" came back through it to the parsing address
-- ("verifiedAt"); until then replies go from the parsing address.
create table sending_addresses (
  "mailboxId" text primary key references mailboxes (id) on delete cascade,
  "teamId" text not null references teams (id) on delete cascade,
  "address" text not null,
  "token" text not null,
  "testSentAt" timestamptz,
  "verifiedAt" timestamptz,
  updated_at timestamptz not null default now()
);
create index sending_addresses_team_idx on sending_addresses ("teamId");

-- Signatures of a workspace: a member's ("userId") or a mailbox's ("mailboxId"), sanitised HTML.
create table signatures (
  "teamId" text not null references teams (id) on delete cascade,
  "ownerKey" text not null check ("ownerKey" ~ '^(member|mailbox):'),
  "html" text not null,
  updated_at timestamptz not null default now(),
  primary key ("teamId", "ownerKey")
);

-- A reply's Reply-To: the verified sending address, so the customer's answer comes back through it.
alter table outbox add column "replyTo" text;

-- The test mail came back: our own mail (X-Parsedesk-Loop), decided as a loop at the mailbox it was sent
-- for, with the Message-ID only its outbox row knew. Whichever path decides it (a batch, one delivery, the
-- sweeper), the address is verified in that same transaction.
create function sending_address_verified_by_loop() returns trigger language plpgsql as $$
begin
  update sending_addresses set "verifiedAt" = now(), updated_at = now()
  where "mailboxId" = new."mailboxId" and "token" = new."messageId" and "verifiedAt" is null;
  return null;
end $$;

create trigger inbound_emails_sending_check after update of status on inbound_emails
  for each row when (new.status = 'loop' and new."messageId" is not null)
  execute function sending_address_verified_by_loop();
