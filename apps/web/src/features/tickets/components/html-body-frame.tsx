import { useMemo } from 'react'
import { buildSafeFrameDocument } from '../safe-html'

export function HtmlBodyFrame({ html }: { html: string }) {
  const document = useMemo(() => buildSafeFrameDocument(html), [html])
  return (
    <iframe
      title="Email HTML body, sanitised"
      sandbox=""
      referrerPolicy="no-referrer"
      srcDoc={document}
      className="h-60 w-full rounded-md border bg-white"
    />
  )
}
