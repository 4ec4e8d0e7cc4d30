/** A refused change, in the server's words, under the field that keeps the agent's choice for a retry. */
export function FieldError({ id, message }: { id: string; message: string | null }) {
  if (!message) return null
  return (
    <p id={id} role="alert" className="text-xs break-words text-destructive">
      {message}
    </p>
  )
}
