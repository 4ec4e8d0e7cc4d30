import { LogOut } from 'lucide-react'
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@/components/ui/alert-dialog'
import { Button } from '@/components/ui/button'
import { useLogout } from '@/features/auth/queries'
import { getErrorMessage } from '@/lib/errors'
import { keepToastAcrossReload } from '@/lib/kept-toast'
import { Toasts } from '@/lib/messages'
import { notifyError, notifySuccess } from '@/lib/notify'

export function LogoutButton() {
  const logout = useLogout()

  const confirmLogout = async () => {
    try {
      await logout.mutateAsync()
    } catch (error) {
      notifyError({ title: Toasts.logoutFailed, description: getErrorMessage(error) || Toasts.tryLater })
      return
    }
    notifySuccess({ title: Toasts.loggedOut })
    keepToastAcrossReload({ title: Toasts.loggedOut })
    // A full reload drops every cached query of the signed-in user at once.
    window.location.assign('/')
  }

  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button variant="outline" disabled={logout.isPending}>
          <LogOut aria-hidden="true" />
          Logout
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Confirm Logout</AlertDialogTitle>
          <AlertDialogDescription>Are you sure you want to logout?</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction onClick={confirmLogout}>Logout</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  )
}
