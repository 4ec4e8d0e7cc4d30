import { ImageIcon } from 'lucide-react'
import { useMemo, useState } from 'react'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { fetchRemoteImages } from '../remote-images'
import { buildSafeFrameDocument, remoteImageSources } from '../safe-html'

/**
 * A mail's HTML, sanitised, in a sandboxed frame whose links open in a tab of their own, outside it. Its
 * remote images stay hidden (a tracking pixel tells the sender who read the mail, and from where) until
 * the member asks for them; then our server fetches them.
 */
export function HtmlBodyFrame({ html }: { html: string }) {
  const sources = useMemo(() => remoteImageSources(html), [html])
  const [shown, setShown] = useState<ReadonlyMap<string, string>>(new Map())
  const [isLoading, setIsLoading] = useState(false)
  const document = useMemo(() => buildSafeFrameDocument(html, shown), [html, shown])
  const showImages = async () => {
    setIsLoading(true)
    try {
      setShown(await fetchRemoteImages(sources))
    } finally {
      setIsLoading(false)
    }
  }
  return (
    <div className="grid gap-2">
      {sources.length > 0 && shown.size === 0 && (
        <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
          <ImageIcon aria-hidden="true" className="size-4" />
          {sources.length === 1 ? '1 remote image is hidden.' : `${sources.length} remote images are hidden.`}
          <Button
            type="button"
            variant="outline"
            size="sm"
            disabled={isLoading}
            onClick={() => void showImages()}
          >
            {isLoading && <Spinner />}
            Show images
          </Button>
        </p>
      )}
      <iframe
        title="Email HTML body, sanitised"
        sandbox="allow-popups allow-popups-to-escape-sandbox"
        referrerPolicy="no-referrer"
        srcDoc={document}
        className="h-60 w-full rounded-md border bg-white"
      />
    </div>
  )
}
