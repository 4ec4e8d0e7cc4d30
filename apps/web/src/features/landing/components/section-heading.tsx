export function SectionHeading({ id, title, text }: { id: string; title: string; text: string }) {
  return (
    <div className="mx-auto grid max-w-2xl gap-3 text-center">
      <h2 id={id} className="text-3xl font-bold tracking-tight text-balance">
        {title}
      </h2>
      <p className="text-muted-foreground">{text}</p>
    </div>
  )
}
