import { Settings } from 'lucide-react'
import { Link } from 'react-router'
import { Paths } from '@/app/paths'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { ParsingAddress } from './parsing-address'

/**
 * The dashboard's short card: the address and Copy. Everything else about mail (regenerating it, webhooks,
 * IMAP, kept mail) is in the workspace settings, which it links to.
 */
export function ParsingAddressCard({ userId }: { userId: string | undefined }) {
  return (
    <Card className="min-w-0 gap-4">
      <CardHeader>
        <CardTitle>Your parsing address</CardTitle>
        <CardDescription>
          Forward support mail here, or give it to customers: each email becomes a ticket, and answers to it
          join that ticket's conversation.
        </CardDescription>
      </CardHeader>
      <CardContent aria-live="polite">
        <ParsingAddress
          userId={userId}
          actions={() => (
            <Button asChild variant="outline" size="sm">
              <Link to={Paths.workspaceMailSettings}>
                <Settings aria-hidden="true" />
                Mail settings
              </Link>
            </Button>
          )}
        />
      </CardContent>
    </Card>
  )
}
