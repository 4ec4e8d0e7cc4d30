import { NotificationMessages, notificationText, timeAgo } from '@parsedesk/contracts'
import { Bell } from 'lucide-react'
import { useNavigate } from 'react-router'
import { Button } from '@/components/ui/button'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu'
import { chooseWorkspace } from '@/features/workspaces/current-workspace-store'
import { cn } from '@/lib/utils'
import { type TNotificationDocument, useBell, useMarkAllRead, useMarkRead } from '../queries'
import { useUnreadTitle } from '../use-unread-title'

/**
 * The header's bell: the member's unread count, live; its list opens a ticket (in its workspace) and
 * marks that notification read; "Mark all read" clears the count. The tab's title counts the same.
 */
export function NotificationBell({ userId }: { userId: string }) {
  const bell = useBell(userId)
  const markRead = useMarkRead(userId)
  const markAllRead = useMarkAllRead(userId)
  const navigate = useNavigate()
  const unread = bell.data?.unread ?? 0
  const items = bell.data?.items ?? []
  useUnreadTitle(unread)

  function open(notification: TNotificationDocument) {
    if (!notification.readAt) markRead.mutate(notification.$id)
    chooseWorkspace({ userId, teamId: notification.teamId })
    void navigate(`/tickets/${notification.ticketNumber}`)
  }

  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          className="relative"
          aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
          data-testid="notification-bell"
        >
          <Bell aria-hidden="true" />
          {unread > 0 && (
            <span
              data-testid="notification-count"
              className="absolute -top-0.5 -right-0.5 min-w-4 rounded-full bg-primary px-1 text-center text-[10px] leading-4 font-semibold text-primary-foreground"
            >
              {unread > 99 ? '99+' : unread}
            </span>
          )}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-80 max-w-[calc(100vw-2rem)] p-0">
        <div className="flex items-center justify-between gap-2 px-3 py-2">
          <span className="text-sm font-semibold">{NotificationMessages.title}</span>
          <Button
            variant="ghost"
            size="sm"
            disabled={unread === 0 || markAllRead.isPending}
            onClick={() => markAllRead.mutate()}
          >
            {NotificationMessages.markAllRead}
          </Button>
        </div>
        <DropdownMenuSeparator className="mx-0 my-0" />
        {items.length === 0 ? (
          <p className="px-3 py-6 text-center text-sm text-muted-foreground">{NotificationMessages.empty}</p>
        ) : (
          <div className="max-h-96 overflow-y-auto p-1">
            {items.map((notification) => (
              <DropdownMenuItem
                key={notification.$id}
                data-testid="notification-item"
                data-unread={notification.readAt ? undefined : 'true'}
                className="items-start gap-2 py-2"
                onSelect={() => open(notification)}
              >
                <span
                  aria-hidden="true"
                  className={cn(
                    'mt-1.5 size-2 shrink-0 rounded-full',
                    notification.readAt ? 'bg-transparent' : 'bg-primary',
                  )}
                />
                <span className="grid min-w-0 gap-0.5">
                  <span className={cn('text-sm', !notification.readAt && 'font-medium')}>
                    {notificationText(notification.kind, notification.actorName)}
                  </span>
                  <span className="truncate text-xs text-muted-foreground">
                    #{notification.ticketNumber} {notification.ticketSubject}
                  </span>
                  <span className="text-xs text-muted-foreground">
                    {timeAgo(Date.now() - Date.parse(notification.$createdAt))}
                  </span>
                </span>
              </DropdownMenuItem>
            ))}
          </div>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  )
}
