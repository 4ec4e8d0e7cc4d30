-- The dashboard's "N mails waiting" while the intake is behind (decision 031): a workspace's waiting mail
-- counted from its own entries, not by reading every waiting row of every workspace.
create index inbound_emails_waiting_team_idx on inbound_emails ("teamId") where "status" = 'received';
