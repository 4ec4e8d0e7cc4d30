-- A delivery's intake slot (decision 029) in one round trip instead of five (decision 033): the lock, the
-- count and the insert run inside one call, so the mailbox's lock is held for the database's work alone,
-- never across a trip to the client. Each statement of a plpgsql function takes a fresh snapshot, so the
-- count made after the lock sees every slot a previous holder committed, as the separate statements did.
-- The count need not reach the disk before the delivery is stored (a crash forgets a few places), so the
-- call does not wait for a sync of its own: the group commit that stores the mail syncs once for many.
create function take_intake_slot(
  sender_bucket text,
  sender_key text,
  mailbox_bucket text,
  mailbox_key text,
  window_seconds int,
  sender_limit int,
  mailbox_limit int
) returns table (refused_bucket text, retry_after_seconds int, ctids text[])
language plpgsql as $$
declare
  counts record;
  since timestamptz := now() - window_seconds * interval '1 second';
begin
  perform set_config('synchronous_commit', 'off', true);
  perform pg_advisory_xact_lock(hashtext(mailbox_bucket || ':' || mailbox_key));
  select
    count(*) filter (where h.bucket = sender_bucket)::int as sender_n,
    min(h.at) filter (where h.bucket = sender_bucket) as sender_oldest,
    count(*) filter (where h.bucket = mailbox_bucket)::int as mailbox_n,
    min(h.at) filter (where h.bucket = mailbox_bucket) as mailbox_oldest
  into counts
  from rate_limit_hits h
  where ((h.bucket = sender_bucket and h.key = sender_key) or (h.bucket = mailbox_bucket and h.key = mailbox_key))
    and h.at > since;
  if sender_key is not null and counts.sender_n >= sender_limit then
    return query select sender_bucket,
      greatest(1, ceil(extract(epoch from coalesce(counts.sender_oldest, now()) + window_seconds * interval '1 second' - now())))::int,
      null::text[];
    return;
  end if;
  if counts.mailbox_n >= mailbox_limit then
    return query select mailbox_bucket,
      greatest(1, ceil(extract(epoch from coalesce(counts.mailbox_oldest, now()) + window_seconds * interval '1 second' - now())))::int,
      null::text[];
    return;
  end if;
  -- Hits out of the window go too, so a busy mailbox keeps about a minute of rows.
  delete from rate_limit_hits h
  where ((h.bucket = sender_bucket and h.key = sender_key) or (h.bucket = mailbox_bucket and h.key = mailbox_key))
    and h.at <= since;
  return query
    with inserted as (
      insert into rate_limit_hits (bucket, key)
      select b, k from (values (sender_bucket, sender_key), (mailbox_bucket, mailbox_key)) as v(b, k)
      where k is not null
      returning ctid::text as ctid
    )
    select null::text, null::int, array_agg(inserted.ctid) from inserted;
end;
$$;
