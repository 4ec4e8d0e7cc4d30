import { Inbox } from 'lucide-react'
import { Link } from 'react-router'

export function BrandLink() {
  return (
    <Link
      to="/"
      className="flex items-center gap-2 rounded-md font-semibold text-foreground outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60"
    >
      <span className="flex size-8 items-center justify-center rounded-lg bg-primary text-primary-foreground">
        <Inbox aria-hidden="true" className="size-4" />
      </span>
      <span className="text-lg tracking-tight">Parsedesk</span>
    </Link>
  )
}
