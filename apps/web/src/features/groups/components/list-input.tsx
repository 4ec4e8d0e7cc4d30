import { type ComponentProps, useState } from 'react'
import { Input } from '@/components/ui/input'

/** A comma-separated list as its values: each trimmed, empty ones left out. */
export function splitList(text: string): string[] {
  return text
    .split(',')
    .map((value) => value.trim())
    .filter((value) => value.length > 0)
}

type TListInputProps = Omit<ComponentProps<'input'>, 'value' | 'onChange'> & {
  value: readonly string[]
  onChange: (values: string[]) => void
}

/**
 * A list typed as words separated by commas ("billing, german"). It keeps the text as typed (a trailing
 * comma or space stays while typing) and hands over the values on each change.
 */
export function ListInput({ value, onChange, ...props }: TListInputProps) {
  const [text, setText] = useState(() => value.join(', '))
  return (
    <Input
      {...props}
      value={text}
      onChange={(event) => {
        setText(event.target.value)
        onChange(splitList(event.target.value))
      }}
    />
  )
}
