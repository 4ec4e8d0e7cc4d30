-- Senders whose mail the intake deferred for coming too fast (decision 029): one row per mailbox and
-- sender, counted up at each deferral, so the dashboard can name them for one-click blocking. The
-- counting itself uses rate_limit_hits (buckets intake-sender and intake-mailbox).
create table flooding_senders (
  "mailboxId" text not null references mailboxes (id) on delete cascade,
  "teamId" text not null,
  "sender" text not null,
  "deferred" integer not null default 0,
  first_deferred_at timestamptz not null default now(),
  last_deferred_at timestamptz not null default now(),
  primary key ("mailboxId", "sender")
);
create index flooding_senders_team_idx on flooding_senders ("teamId", last_deferred_at desc);
