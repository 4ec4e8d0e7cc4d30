import type { ReactNode } from 'react'
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card'

type TPageCardProps = {
  title: string
  description?: ReactNode
  children?: ReactNode
  footer?: ReactNode
}

/** One centred card, as on /auth: the pages a mailed link opens. */
export function PageCard({ title, description, children, footer }: TPageCardProps) {
  return (
    <div className="flex flex-1 items-start justify-center bg-muted/40 px-4 py-10 sm:items-center sm:py-16">
      <Card className="w-full max-w-md">
        <CardHeader className="text-center">
          <CardTitle asChild className="text-2xl">
            <h1>{title}</h1>
          </CardTitle>
          {description && <CardDescription>{description}</CardDescription>}
        </CardHeader>
        {children && <CardContent className="grid gap-4">{children}</CardContent>}
        {footer && (
          <CardFooter className="flex-wrap justify-center gap-1 text-sm text-muted-foreground">
            {footer}
          </CardFooter>
        )}
      </Card>
    </div>
  )
}
