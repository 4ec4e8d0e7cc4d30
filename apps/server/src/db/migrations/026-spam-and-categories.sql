-- A workspace's own ticket categories, the senders it blocked, and the `spam` event (decision 020).
-- A workspace without a row files tickets under the default categories (DEFAULT_TICKET_CATEGORIES).
create table workspace_categories (
  team_id text primary key references teams (id) on delete cascade,
  categories jsonb not null,
  updated_by text,
  updated_at timestamptz not null default now()
);

-- Mail from a blocked address, or from any address of a blocked domain, is rejected with the reason in
-- its mailbox's records, never ticketed and never dropped unseen. Values are lower case.
create table blocked_senders (
  id text primary key,
  team_id text not null references teams (id) on delete cascade,
  kind text not null check (kind in ('address', 'domain')),
  value text not null check (value = lower(value) and length(value) between 1 and 320),
  ticket_id text references tickets (id) on delete set null,
  created_by text not null,
  created_at timestamptz not null default now(),
  unique (team_id, kind, value)
);

-- A ticket stores its category's key from now on, so a renamed category shows its new name on every
-- ticket; the names earlier releases stored become their keys. Other values are kept and shown as they are.
update tickets set category = v.key
from (values
  ('Technical problem', 'technical-problem'),
  ('Bug report', 'bug-report'),
  ('Account and access', 'account-access'),
  ('Billing and payment', 'billing-payment'),
  ('Orders and delivery', 'orders-delivery'),
  ('Refund and cancellation', 'refund-cancellation'),
  ('Feature request', 'feature-request'),
  ('Privacy and legal', 'privacy-legal'),
  ('Feedback', 'feedback'),
  ('Spam and marketing', 'spam-marketing'),
  ('Other', 'other')
) as v(name, key)
where tickets.category = v.name;

-- The `spam` event joins whatever kinds the check allows when this runs: other migrations of the same
-- release add kinds of their own, and this one must not take theirs away.
do $$
declare
  definition text;
begin
  select pg_get_constraintdef(oid) into definition from pg_constraint
  where conname = 'ticket_events_type_check' and conrelid = 'ticket_events'::regclass;
  if position('''spam''' in definition) = 0 then
    execute 'alter table ticket_events drop constraint ticket_events_type_check';
    execute 'alter table ticket_events add constraint ticket_events_type_check '
      || regexp_replace(definition, '\]\)', ', ''spam''::text])');
  end if;
end
$$;
