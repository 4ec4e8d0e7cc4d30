import { FREE_TRIAL_DAYS } from '@parsedesk/contracts'
import type { TDatabase } from '../../apps/server/src/db/database'

export type TWorkspaceSeed = {
  db: TDatabase
  /** The measured member's workspace (made by their sign-up through the API). */
  teamId: string
  /** The measured member: "My open" is theirs. */
  memberId: string
  tickets: number
  /** Customer answers and replies per ticket, on average. */
  messagesPerTicket: number
  days: number
}

// Words of support mail in the six languages tickets come in, most common first, then rarer made-up ones:
// words are drawn with a skew (a word's share falls with its rank), as in real text, so a search meets
// words in most tickets, in some, and in a handful.
const COMMON_WORDS = [
  'invoice',
  'refund',
  'payment',
  'password',
  'login',
  'export',
  'order',
  'delivery',
  'account',
  'error',
  'printer',
  'update',
  'subscription',
  'cancel',
  'shipping',
  'address',
  'broken',
  'slow',
  'report',
  'access',
  'rechnung',
  'rechnungen',
  'zahlung',
  'lieferung',
  'konto',
  'passwort',
  'fehler',
  'bestellung',
  'kündigung',
  'facture',
  'remboursement',
  'paiement',
  'livraison',
  'compte',
  'erreur',
  'commande',
  'abonnement',
  'factura',
  'reembolso',
  'pago',
  'entrega',
  'cuenta',
  'contraseña',
  'pedido',
  'suscripción',
  'fattura',
  'rimborso',
  'pagamento',
  'consegna',
  'conto',
  'errore',
  'ordine',
  'abbonamento',
  'please',
  'help',
  'thanks',
  'since',
  'yesterday',
  'again',
  'still',
  'customer',
  'urgent',
  'today',
]
const VOCABULARY = [...COMMON_WORDS, ...Array.from({ length: 2000 }, (_, i) => `w${(i * 7919).toString(36)}`)]

/**
 * One workspace of `tickets` tickets with their conversations, written through SQL as a restore would:
 * triggers off (a workspace counter bumped 100,000 times in one transaction is a chain of row versions each
 * bump walks), numbers, sequences and search vectors filled in by hand exactly as the triggers would.
 * Statuses as a working desk has them (most closed), one ticket in ten the measured member's, a tenth
 * tagged billing, one in fifty vip; one ticket in a thousand mentions a zebra, for a rare word.
 */
export async function seedWorkspace(options: TWorkspaceSeed): Promise<{ seconds: number; messages: number }> {
  const { db, teamId, memberId } = options
  const started = Date.now()
  let messages = 0
  await db.transaction(async (tx) => {
    await tx.query('set local session_replication_role = replica')
    await tx.query('select setseed(0.42)')
    // Nine colleagues, confirmed members, for the other tickets' assignees.
    await tx.query(
      `insert into users (id, email, name, email_verification, trial_started_at, trial_ends_at, registration,
         created_at, updated_at, accessed_at)
       select 'colleague-' || g, 'colleague' || g || '@example.com', 'Colleague ' || g, true, now(),
         now() + $1::int * interval '1 day', now(), now(), now(), now()
       from generate_series(1, 9) g`,
      [FREE_TRIAL_DAYS],
    )
    await tx.query(
      `insert into memberships (id, team_id, user_id, email, name, roles, confirm, invited_at, joined_at,
         created_at, updated_at)
       select 'colleague-membership-' || g, $1, 'colleague-' || g, 'colleague' || g || '@example.com',
         'Colleague ' || g, array['agent'], true, now(), now(), now(), now()
       from generate_series(1, 9) g`,
      [teamId],
    )
    await tx.query(
      `with picked as (
         select g, now() - random() * ($3::int * interval '1 day') as created, random() as r, random() as a
         from generate_series(1, $2::int) g
       )
       insert into tickets (id, created_at, updated_at, permissions, read_roles, email, subject, body, status,
         priority, "userId", "teamId", processing_status, category, "assigneeId", tags, "number", scoped_seq)
       select 'w-' || g, created, least(now(), created + random() * interval '5 days'),
         array['read("team:' || $1 || '")', 'update("team:' || $1 || '")', 'delete("team:' || $1 || '")'],
         array['team:' || $1],
         'customer' || (g % 9973) || '@example.org',
         initcap(($5::text[])[1 + (g * 7) % array_length($5::text[], 1)]) || ' ' ||
           ($5::text[])[1 + (g * 13) % array_length($5::text[], 1)] || ' #' || g,
         (select string_agg(($5::text[])[1 + floor(array_length($5::text[], 1) * power(random(), 3))::int], ' ')
            from generate_series(1, 20 + g % 40) k where k > 0 * g)
           || case when g % 1000 = 0 then ' the zebra pattern prints wrong' else '' end,
         case when r < 0.70 then 'closed' when r < 0.82 then 'open' when r < 0.88 then 'in-progress'
              when r < 0.96 then 'pending' else 'on-hold' end,
         (array['high', 'medium', 'low', null])[1 + g % 4],
         $4, $1, 'completed', (array['billing', 'account', 'shipping', 'technical', 'other'])[1 + g % 5],
         case when a < 0.10 then $4 when a < 0.25 then null else 'colleague-' || (1 + g % 9) end,
         case when g % 50 = 0 then '["vip", "billing"]' when g % 10 = 0 then '["billing"]'
              when g % 7 = 0 then '["bug"]' else '[]' end::jsonb,
         g, g
       from picked order by created`,
      [teamId, options.tickets, options.days, memberId, VOCABULARY],
    )
    await tx.query(
      `insert into ticket_numbers (team_id, last) values ($1, $2)
       on conflict (team_id) do update set last = excluded.last`,
      [teamId, options.tickets],
    )
    const inserted = await tx.query(
      `insert into messages (id, created_at, updated_at, permissions, read_roles, "ticketId", "userId", "teamId",
         "direction", "from", "subject", "body", "createdAt", scoped_seq)
       select t.id || '-m' || k, t.created_at + k * interval '3 hours', t.created_at + k * interval '3 hours',
         array['read("team:' || t."teamId" || '")', 'delete("team:' || t."teamId" || '")'],
         array['team:' || t."teamId"], t.id, t."userId", t."teamId",
         case when k % 2 = 1 then 'outbound' else 'inbound' end, t.email, 'Re: ' || t.subject,
         (select string_agg(($1::text[])[1 + floor(array_length($1::text[], 1) * power(random(), 3))::int], ' ')
            from generate_series(1, 15 + t.scoped_seq % 25) w where w > 0 * k),
         t.created_at + k * interval '3 hours', t.scoped_seq * 10 + k
       from tickets t cross join lateral generate_series(1, (t.scoped_seq % ($2::int * 2 + 1))::int) k
       where t."teamId" = $3`,
      [VOCABULARY, options.messagesPerTicket, teamId],
    )
    messages = inserted.rowCount
    await tx.query(
      `insert into ticket_search (ticket_id, document)
       select t.id, ticket_search_text(t.subject, t.body) || coalesce(
         (select strip(to_tsvector('simple', string_agg(m.subject || ' ' || m.body, ' ')))
          from messages m where m."ticketId" = t.id), '')
       from tickets t where t."teamId" = $1`,
      [teamId],
    )
  })
  // Autovacuum would have visited tables this size (and flushed the GIN indexes' pending lists) long before.
  for (const table of ['users', 'memberships', 'tickets', 'messages', 'ticket_search'])
    await db.query(`vacuum analyze ${table}`)
  return { seconds: (Date.now() - started) / 1000, messages }
}
