-- Where each ticket came in (decision 022): the IMAP account its first mail was fetched from, the
-- workspace's parsing mailbox for mail to its address (SMTP, webhooks), null for the form and the API.
-- No reference: a removed IMAP account leaves its tickets saying where they came from.
alter table tickets add column "mailboxId" text;

-- Existing tickets, as they would be filed now. A ticket's opening delivery, read as mailboxOfDelivery
-- reads one (mail/inbound/delivery-source.ts): an IMAP delivery's external id names its account
-- (`imap:<account>:<uidvalidity>:<uid>`). It was decided in the ticket's own transaction, so its
-- "processedAt" is the ticket's created_at: that tells it from a customer's answers and from the
-- deliveries a merge brought in. A merged duplicate's opening delivery now names the ticket it was merged
-- into (merges never chain). A ticket with no opening delivery (the form, the API) stays null, whatever
-- mail came in on it since. A split ticket takes its source's, as the split does (tickets/ticket-split.ts),
-- through its `split` event, source after source; one whose source was deleted since cannot say and stays
-- null.
with recursive
  split_from as (
    select e."ticketId" as ticket_id, e."after" ->> 'source' as source_id
    from ticket_events e
    where e."type" = 'split' and e."after" ->> 'target' = e."ticketId"
  ),
  opened as (
    select distinct on (t.id) t.id as ticket_id,
      case when i."channel" = 'imap' and i."externalId" like 'imap:%:%'
        then split_part(i."externalId", ':', 2) else i."mailboxId" end as mailbox_id
    from tickets t
    join inbound_emails i on i."ticketId" = coalesce(t."mergedIntoId", t.id)
      and i."status" = 'ticket' and i."processedAt" = t.created_at
    -- Hashed; a `not exists` on the CTE ran as a nested loop (10 s for 100,000 tickets on Postgres).
    where t.id not in (select ticket_id from split_from)
    order by t.id, i.seq
  ),
  origin (ticket_id, mailbox_id) as (
    select ticket_id, mailbox_id from opened
    union all
    select s.ticket_id, o.mailbox_id from split_from s join origin o on o.ticket_id = s.source_id
  )
update tickets t set "mailboxId" = o.mailbox_id from origin o where o.ticket_id = t.id;

-- A list of one mailbox's tickets, newest first, reads them in order and stops at a page; the form's
-- (null) are in it too.
create index tickets_team_mailbox_idx on tickets ("teamId", "mailboxId", created_at desc, seq desc);
