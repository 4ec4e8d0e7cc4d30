-- Senders a member said are no spam (decision 050, "not spam teaches the workspace"): their later mail
-- is analysed with the spam rules set aside, unless it fails DMARC (its From may be forged). One address
-- at a time, never a domain: a phisher shares a free-mail domain with the customer a member vouched for.
create table trusted_senders (
  id text primary key,
  team_id text not null references teams (id) on delete cascade,
  address text not null check (address = lower(address) and length(address) between 3 and 320),
  ticket_id text references tickets (id) on delete set null,
  created_by text not null,
  created_at timestamptz not null default now(),
  unique (team_id, address)
);
