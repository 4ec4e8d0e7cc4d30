import { zodResolver } from '@hookform/resolvers/zod'
import type { TMailboxSending, TSendingSetupStep } from '@parsedesk/contracts'
import { CircleCheck, CircleDashed, CircleHelp, Send } from 'lucide-react'
import { useForm } from 'react-hook-form'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form'
import { Input } from '@/components/ui/input'
import { Spinner } from '@/components/ui/spinner'
import { getErrorMessage } from '@/lib/errors'
import { notifyError, notifySuccess } from '@/lib/notify'
import { useMailbox } from '../queries'
import {
  type TSendingAddressForm,
  type TSendingAddressFormInput,
  ZSendingAddressForm,
} from '../sending-address-form'
import {
  useMailboxSending,
  useSendTestMail,
  useSetMailboxSignature,
  useSetSendingAddress,
} from '../sending-queries'
import { SignatureEditor } from './signature-editor'

/**
 * Where replies come from (decision 047): the mailbox's sending address, used once a test mail sent to it
 * came back through its forwarding to the parsing address; the setup it needs, step by step; and the
 * mailbox's signature under every reply. Owners and admins change them; every member sees them.
 */
export function SendingAddressCard({
  userId,
  canManage,
}: {
  userId: string | undefined
  canManage: boolean
}) {
  const mailbox = useMailbox({ userId })
  const sending = useMailboxSending(mailbox.data?.$id)
  return (
    <Card className="min-w-0 gap-4" data-testid="sending-address-card">
      <CardHeader>
        <CardTitle>Sending address</CardTitle>
        <CardDescription>
          The address your customers write to, such as support@your-company.example. Replies go out from it
          once it forwards to the parsing address; until then they go from the parsing address.
          {canManage ? '' : ' Only owners and admins can change it.'}
        </CardDescription>
      </CardHeader>
      <CardContent aria-live="polite" className="grid gap-4">
        {sending.error && <p className="text-sm text-destructive">{getErrorMessage(sending.error)}</p>}
        {!sending.data && !sending.error && (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <Spinner />
            Loading...
          </p>
        )}
        {sending.data && <SendingSettings sending={sending.data} canManage={canManage} />}
      </CardContent>
    </Card>
  )
}

function SendingSettings({ sending, canManage }: { sending: TMailboxSending; canManage: boolean }) {
  const form = useForm<TSendingAddressFormInput, unknown, TSendingAddressForm>({
    resolver: zodResolver(ZSendingAddressForm),
    defaultValues: { address: sending.sendingAddress ?? '' },
  })
  const setSending = useSetSendingAddress(sending.mailboxId)
  const test = useSendTestMail(sending.mailboxId)
  const signature = useSetMailboxSignature(sending.mailboxId)
  const busy = setSending.isPending || test.isPending
  const save = (value: string | null) =>
    setSending.mutate(value, {
      onSuccess: (saved) =>
        notifySuccess({
          title: saved.sendingAddress ? 'Test mail sent' : 'Sending address removed',
          description: saved.sendingAddress
            ? `To ${saved.sendingAddress}: it verifies the address when it reaches ${saved.parsingAddress}`
            : `Replies go from ${saved.parsingAddress}`,
        }),
      onError: (error) => notifyError({ title: 'Not saved', description: getErrorMessage(error) }),
    })

  return (
    <>
      <p className="text-sm" data-testid="replies-from">
        Replies go from <strong className="break-all">{sending.repliesFrom}</strong>{' '}
        {sending.sendingAddress &&
          (sending.verified ? (
            <Badge tone="green">Verified</Badge>
          ) : (
            <Badge tone="yellow">Waiting for the test mail</Badge>
          ))}
      </p>
      <Form {...form}>
        <form
          className="grid gap-2"
          aria-label="Sending address"
          noValidate
          onSubmit={form.handleSubmit(({ address }) => save(address))}
        >
          <FormField
            control={form.control}
            name="address"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Sending address</FormLabel>
                <div className="flex flex-wrap gap-2">
                  <FormControl>
                    <Input
                      {...field}
                      type="email"
                      className="min-w-0 flex-1"
                      disabled={!canManage || busy}
                      placeholder="support@your-company.example"
                    />
                  </FormControl>
                  <Button type="submit" disabled={!canManage || busy}>
                    {setSending.isPending ? <Spinner /> : <Send aria-hidden="true" />}
                    Save and send test
                  </Button>
                  {sending.sendingAddress && !sending.verified && (
                    <Button
                      type="button"
                      variant="outline"
                      disabled={!canManage || busy}
                      onClick={() =>
                        test.mutate(undefined, {
                          onSuccess: () => notifySuccess({ title: 'Test mail sent again' }),
                          onError: (error) =>
                            notifyError({ title: 'Not sent', description: getErrorMessage(error) }),
                        })
                      }
                    >
                      Send test again
                    </Button>
                  )}
                </div>
                <FormMessage />
              </FormItem>
            )}
          />
        </form>
      </Form>
      <ol className="grid gap-2" aria-label="Setup" data-testid="sending-setup">
        {sending.setup.map((step) => (
          <SetupStep key={step.name} step={step} />
        ))}
      </ol>
      <SignatureEditor
        key={sending.signatureHtml}
        label="Mailbox signature (under every reply)"
        savedHtml={sending.signatureHtml}
        disabled={!canManage}
        saving={signature.isPending}
        onSave={(html) =>
          signature.mutate(html, {
            onSuccess: () => notifySuccess({ title: 'Mailbox signature saved' }),
            onError: (error) => notifyError({ title: 'Not saved', description: getErrorMessage(error) }),
          })
        }
      />
    </>
  )
}

function SetupStep({ step }: { step: TSendingSetupStep }) {
  const Icon = step.done === true ? CircleCheck : step.done === false ? CircleDashed : CircleHelp
  const state = step.done === true ? 'done' : step.done === false ? 'to do' : 'set in your DNS'
  return (
    <li className="flex gap-2 text-sm">
      <Icon
        aria-hidden="true"
        className={step.done === true ? 'mt-0.5 size-4 shrink-0 text-emerald-700' : 'mt-0.5 size-4 shrink-0'}
      />
      <span className="min-w-0 break-words">
        <strong>{step.name}</strong> <span className="text-muted-foreground">({state})</span>: {step.what}
      </span>
    </li>
  )
}
