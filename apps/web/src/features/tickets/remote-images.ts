import { RemoteImageLimits } from '@parsedesk/contracts'
import { client } from '@/lib/appwrite'

function asDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => resolve(String(reader.result))
    reader.onerror = () => reject(reader.error)
    reader.readAsDataURL(blob)
  })
}

/**
 * A mail's remote images as `data:` URLs, fetched by our server (`/v1/remote-images`, decision 060) so the
 * member's browser never contacts the sender's. At most `RemoteImageLimits.perMail`; one the server refuses
 * (no image, too big, inside the network) stays hidden.
 */
export async function fetchRemoteImages(sources: readonly string[]): Promise<Map<string, string>> {
  const shown = new Map<string, string>()
  await Promise.all(
    sources.slice(0, RemoteImageLimits.perMail).map(async (source) => {
      const response = await fetch(
        `${client.config.endpoint}/remote-images?url=${encodeURIComponent(source)}`,
        { credentials: 'include', headers: { 'x-appwrite-project': client.config.project } },
      ).catch(() => undefined)
      if (!response?.ok) return
      shown.set(source, await asDataUrl(await response.blob()))
    }),
  )
  return shown
}
