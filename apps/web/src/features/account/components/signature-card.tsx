import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { SignatureEditor } from '@/features/mailbox/components/signature-editor'
import { useMySignature, useSetMySignature } from '@/features/mailbox/sending-queries'
import { useCurrentWorkspaceId } from '@/features/workspaces/current-workspace'
import { getErrorMessage } from '@/lib/errors'
import { notifyError, notifySuccess } from '@/lib/notify'

/** The member's own signature in the current workspace, above the mailbox's under each of their replies. */
export function SignatureCard({ userId }: { userId: string }) {
  const teamId = useCurrentWorkspaceId(userId)
  const signature = useMySignature(teamId)
  return (
    <Card className="min-w-0" data-testid="member-signature-card">
      <CardHeader>
        <CardTitle>Your signature</CardTitle>
        <CardDescription>
          Added to your replies in this workspace, above the mailbox's signature.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-2">
        {signature.error && <p className="text-sm text-destructive">{getErrorMessage(signature.error)}</p>}
        {teamId && signature.data && <MySignatureEditor teamId={teamId} savedHtml={signature.data.html} />}
      </CardContent>
    </Card>
  )
}

function MySignatureEditor({ teamId, savedHtml }: { teamId: string; savedHtml: string }) {
  const save = useSetMySignature(teamId)
  return (
    <SignatureEditor
      key={savedHtml}
      label="Signature"
      savedHtml={savedHtml}
      disabled={false}
      saving={save.isPending}
      onSave={(html) =>
        save.mutate(html, {
          onSuccess: () => notifySuccess({ title: 'Signature saved' }),
          onError: (error) => notifyError({ title: 'Not saved', description: getErrorMessage(error) }),
        })
      }
    />
  )
}
