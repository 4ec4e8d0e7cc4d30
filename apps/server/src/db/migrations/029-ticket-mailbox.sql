-- Where each ticket came in (decision 022): the IMAP account its first mail was fetched from, the
-- workspace's parsing mailbox for mail to its address (SMTP, webhooks), null for the form and the API.
-- No reference: a removed IMAP account leaves its tickets saying where they came from.
alter table tickets add column "mailboxId" text;

-- Existing tickets, from the delivery that opened them, read as mailboxOfDelivery reads one
-- (mail/inbound/delivery-source.ts): an IMAP delivery's external id names its account
-- (`imap:<account>:<uidvalidity>:<uid>`). The opening delivery was decided in the ticket's own
-- transaction, so its "processedAt" is the ticket's created_at: that tells it from the deliveries a merge
-- brought in. A merged duplicate's opening delivery now names the ticket it was merged into; a split
-- ticket has no opening delivery, only the one of the message it was split from.
with opened as (
  select distinct on (t.id) t.id as ticket_id,
    case when i."channel" = 'imap' and i."externalId" like 'imap:%:%'
      then split_part(i."externalId", ':', 2) else i."mailboxId" end as mailbox_id
  from tickets t
  join inbound_emails i on i."ticketId" = t.id
    or (i."ticketId" = t."mergedIntoId" and i."status" = 'ticket' and i."processedAt" = t.created_at)
  order by t.id, (i."status" = 'ticket' and i."processedAt" is not distinct from t.created_at) desc, i.seq
)
update tickets t set "mailboxId" = o.mailbox_id from opened o where o.ticket_id = t.id;

-- A list of one mailbox's tickets, newest first, reads them in order and stops at a page; the form's
-- (null) are in it too.
create index tickets_team_mailbox_idx on tickets ("teamId", "mailboxId", created_at desc, seq desc);
