import { RuleWebhookHeaders } from '@parsedesk/contracts'
import { KeyRound } from 'lucide-react'
import { useId } from 'react'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Spinner } from '@/components/ui/spinner'
import { getErrorMessage } from '@/lib/errors'
import { useNewWebhookSecret } from '../queries'

/**
 * A saved rule's webhook signing secret (decision 065): made on demand and shown this once, for the
 * receiver to check `X-Parsedesk-Signature`; a new one replaces the old at once.
 */
export function WebhookSecret({ teamId, ruleId }: { teamId: string; ruleId: string }) {
  const id = useId()
  const secret = useNewWebhookSecret()
  return (
    <section aria-labelledby={`${id}-secret`} className="grid gap-2 rounded-md border p-3 text-sm">
      <h3 id={`${id}-secret`} className="font-medium">
        Webhook signing secret
      </h3>
      <p className="text-muted-foreground">
        Each call carries <code>{RuleWebhookHeaders.timestamp}</code> and{' '}
        <code>{RuleWebhookHeaders.signature}</code>: <code>sha256=</code> and the HMAC-SHA256 of the
        timestamp, a dot and the body, with this secret. It is shown once; a new one replaces it.
      </p>
      {secret.data ? (
        <Input aria-label="Signing secret" readOnly value={secret.data} onFocus={(e) => e.target.select()} />
      ) : (
        <div>
          <Button
            type="button"
            variant="outline"
            disabled={secret.isPending}
            onClick={() => secret.mutate({ teamId, ruleId })}
          >
            {secret.isPending ? <Spinner /> : <KeyRound aria-hidden="true" />}
            Make a new secret
          </Button>
        </div>
      )}
      {secret.error && (
        <p role="alert" className="text-destructive">
          {getErrorMessage(secret.error)}
        </p>
      )}
    </section>
  )
}
