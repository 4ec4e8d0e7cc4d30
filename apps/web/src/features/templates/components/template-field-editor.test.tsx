// @vitest-environment happy-dom
import type { TTemplateField } from '@parsedesk/contracts'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { fieldFromSelection } from '../template-fields'
import { TemplateFieldEditor } from './template-field-editor'

afterEach(cleanup)

const URGENCY = fieldFromSelection({
  label: 'Urgency',
  key: 'urgency',
  before: 'Urgency: ',
  after: '',
  type: 'text',
  sampleValue: 'P1',
})

function Editor({ problem }: { problem?: string }) {
  const [field, setField] = useState<TTemplateField>(URGENCY)
  return (
    <>
      <TemplateFieldEditor
        field={field}
        customFields={[]}
        problem={problem}
        onChange={setField}
        onRemove={() => undefined}
      />
      <output data-testid="field">{JSON.stringify(field)}</output>
    </>
  )
}

const saved = () => JSON.parse(screen.getByTestId('field').textContent ?? '{}') as TTemplateField

describe('a template field’s editor', () => {
  it('makes a field that fills the priority a choice of the priorities, with the words vendors use', () => {
    render(<Editor />)
    fireEvent.change(screen.getByLabelText('Fills'), { target: { value: 'priority' } })
    expect((screen.getByLabelText('Type') as HTMLSelectElement).value).toBe('choice')
    expect((screen.getByLabelText(/^Options/) as HTMLTextAreaElement).value).toContain('high: P1, urgent')
    expect(saved().target).toEqual({ kind: 'priority' })
  })

  it('finds the value by a pattern built from its label, and by the header or table row the admin names', () => {
    render(<Editor />)
    fireEvent.change(screen.getByLabelText('Found by'), { target: { value: 'regex' } })
    expect((screen.getByLabelText('Pattern (RE2)') as HTMLInputElement).value).toBe('Urgency:\\s*(.+)')
    fireEvent.change(screen.getByLabelText('Found by'), { target: { value: 'header' } })
    fireEvent.change(screen.getByLabelText('Header name'), { target: { value: 'X-Priority' } })
    expect(saved().locator).toEqual({ kind: 'header', name: 'X-Priority' })
  })

  it('says the contract’s refusal under the field', () => {
    render(<Editor problem="This pattern cannot be used: missing )" />)
    expect(screen.getByRole('alert').textContent).toBe('This pattern cannot be used: missing )')
  })
})
