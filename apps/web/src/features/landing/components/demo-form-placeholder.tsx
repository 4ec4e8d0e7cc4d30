/** Holds the form's place (and height) while its code loads, so nothing below it jumps. */
export function DemoFormPlaceholder() {
  return (
    <div aria-busy="true" className="grid gap-5">
      <span className="sr-only">Loading the demo request form</span>
      <div className="grid gap-5 sm:grid-cols-2">
        {[1, 2, 3, 4].map((field) => (
          <div key={field} className="grid gap-2">
            <div className="h-3.5 w-28 rounded bg-muted" />
            <div className="h-9 rounded-md border bg-muted/40" />
          </div>
        ))}
      </div>
      <div className="h-11 w-full rounded-md bg-muted sm:w-40" />
    </div>
  )
}
