import type { TRawJsonView } from '../raw-json'
import { markHtmlBodyLines } from '../raw-json'
import { HtmlBodyFrame } from './html-body-frame'

export function RawJsonPanel({ id, view }: { id: string; view: TRawJsonView }) {
  return (
    <div id={id} className="grid gap-3">
      <section
        aria-label="Raw JSON"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable box must be reachable by keyboard to scroll it
        tabIndex={0}
        className="max-h-60 overflow-auto rounded-md border bg-muted focus-visible:ring-[3px] focus-visible:ring-ring/60 focus-visible:outline-none"
      >
        <pre data-testid="raw-json" className="p-3 font-mono text-xs leading-relaxed">
          <code>
            {markHtmlBodyLines(view.text).map(({ line, isHtmlBody }, index) =>
              isHtmlBody ? (
                // biome-ignore lint/suspicious/noArrayIndexKey: lines of a fixed text never reorder
                <mark key={index} className="block bg-yellow-100 text-yellow-950">
                  {line}
                </mark>
              ) : (
                // biome-ignore lint/suspicious/noArrayIndexKey: lines of a fixed text never reorder
                <span key={index} className="block">
                  {line || ' '}
                </span>
              ),
            )}
          </code>
        </pre>
      </section>
      {view.htmlBody && (
        <div className="grid gap-2">
          <h4 className="text-sm font-medium">HtmlBody, rendered</h4>
          <HtmlBodyFrame html={view.htmlBody} />
        </div>
      )}
    </div>
  )
}
