-- Who the product mailed, one row per recipient of each queued reply (decision 026): the hourly limits per
-- account and per workspace count them, the daily cap counts their distinct addresses. No foreign keys:
-- deleting a workspace or account must not give its count back. Rows older than a day are pruned as new
-- ones are counted.
create table outbound_recipients (
  team_id text not null,
  user_id text not null,
  address text not null,
  at timestamptz not null default now()
);
create index outbound_recipients_team_idx on outbound_recipients (team_id, at);
create index outbound_recipients_user_idx on outbound_recipients (user_id, at);
create index outbound_recipients_at_idx on outbound_recipients (at);

-- "Has this address ever written to the workspace?": asked for every recipient of an unverified
-- workspace's reply.
create index inbound_emails_team_sender_idx on inbound_emails ("teamId", lower("from"))
  where "status" in ('ticket', 'thread-message');
