import { useRef, useState } from 'react'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import {
  findByAnchors,
  proposeAnchors,
  proposeKey,
  proposeType,
  type TProposedType,
} from '../selection-anchors'
import { selectionOffsets } from '../selection-offsets'

/** A field named from a selection: how to find its value again, and what it looks like. */
export type TSelectedField = {
  label: string
  key: string
  before: string
  after: string
  type: TProposedType
  /** The value in the sample, shown beside the field so the admin sees what it found. */
  sampleValue: string
}

type TSelectableEmailProps = {
  /** The sample email's text, shown as it is: offsets into the shown text are offsets into the email. */
  text: string
  onAddField(field: TSelectedField): void
}

const shown = (anchor: string) => (anchor ? `“${anchor.replace(/\n/g, '↵')}”` : 'the end of the line')

/**
 * The sample email as selectable text: the admin drags over a value, the editor proposes the text before
 * and after it and a type, the admin names the field and adds it. The proposal is checked against the
 * sample itself (found again there, and pointing at this value only) before it is offered.
 */
export function SelectableEmail({ text, onAddField }: TSelectableEmailProps) {
  const textRef = useRef<HTMLPreElement>(null)
  const [offsets, setOffsets] = useState<{ start: number; end: number }>()
  const [label, setLabel] = useState('')

  const readSelection = () => {
    if (!textRef.current) return
    const selected = selectionOffsets(textRef.current, window.getSelection())
    if (selected) setOffsets(selected)
  }

  const anchors = offsets && proposeAnchors(text, offsets.start, offsets.end)
  const foundAgain = anchors && findByAnchors(text, anchors) === anchors.value

  const add = () => {
    const name = label.trim()
    if (!anchors || !name || !foundAgain) return
    onAddField({
      label: name,
      key: proposeKey(name),
      before: anchors.before,
      after: anchors.after,
      type: proposeType(anchors.value),
      sampleValue: anchors.value,
    })
    setLabel('')
    setOffsets(undefined)
  }

  return (
    <div className="grid gap-3">
      <pre
        ref={textRef}
        data-testid="sample-email-text"
        onMouseUp={readSelection}
        onKeyUp={readSelection}
        className="max-h-96 overflow-auto rounded-md border bg-muted/30 p-3 font-mono text-sm break-words whitespace-pre-wrap select-text"
      >
        {text}
      </pre>
      {!anchors ? (
        <p className="text-sm text-muted-foreground">
          Select a value in the email with the mouse to name a field.
        </p>
      ) : (
        // A fieldset, not a <form>: the editor sits inside the template's own form, and forms do not nest.
        <fieldset aria-label="Name the selected value" className="grid gap-2 rounded-md border p-3">
          <p className="text-sm">
            Selected <strong className="break-all">{anchors.value}</strong>: found after{' '}
            {shown(anchors.before)}, up to {shown(anchors.after)}; looks like {proposeType(anchors.value)}.
          </p>
          {!foundAgain && (
            <p role="alert" className="text-sm text-destructive">
              The text around this value does not point at it alone: select a value with a label before it.
            </p>
          )}
          {foundAgain && !anchors.unique && (
            <p className="text-sm text-muted-foreground">
              The text before it occurs more than once; the first occurrence is used.
            </p>
          )}
          <div className="grid gap-1">
            <Label htmlFor="selected-field-name">Field name</Label>
            <Input
              id="selected-field-name"
              value={label}
              maxLength={60}
              placeholder="Order number"
              onChange={(event) => setLabel(event.target.value)}
              onKeyDown={(event) => {
                if (event.key !== 'Enter') return
                event.preventDefault()
                add()
              }}
            />
          </div>
          <Button
            type="button"
            size="sm"
            className="justify-self-start"
            disabled={!label.trim() || !foundAgain}
            onClick={add}
          >
            Add field
          </Button>
        </fieldset>
      )}
    </div>
  )
}
