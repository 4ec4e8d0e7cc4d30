import { NOTIFICATION_KINDS, NotificationKindLabels, NotificationMessages } from '@parsedesk/contracts'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { getErrorMessage } from '@/lib/errors'
import { notifyError, notifySuccess } from '@/lib/notify'
import { useNotificationSettings, useSetNotificationSettings } from '../queries'

/** Which notifications also come by email: each kind on or off, saved as it is switched. */
export function NotificationEmailCard() {
  const settings = useNotificationSettings()
  const save = useSetNotificationSettings()
  const email = settings.data?.email
  return (
    <Card className="min-w-0" data-testid="notification-email-card">
      <CardHeader>
        <CardTitle>{NotificationMessages.emailCardTitle}</CardTitle>
        <CardDescription>{NotificationMessages.emailCardDescription}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {settings.error && <p className="text-sm text-destructive">{getErrorMessage(settings.error)}</p>}
        {email &&
          NOTIFICATION_KINDS.map((kind) => (
            <label key={kind} className="flex items-center gap-3 text-sm">
              <input
                type="checkbox"
                className="size-4 accent-primary"
                checked={email[kind]}
                disabled={save.isPending}
                onChange={(event) =>
                  save.mutate(
                    { email: { ...email, [kind]: event.target.checked } },
                    {
                      onSuccess: () => notifySuccess({ title: NotificationMessages.settingsSaved }),
                      onError: (error) =>
                        notifyError({ title: 'Not saved', description: getErrorMessage(error) }),
                    },
                  )
                }
              />
              {NotificationKindLabels[kind]}
            </label>
          ))}
      </CardContent>
    </Card>
  )
}
