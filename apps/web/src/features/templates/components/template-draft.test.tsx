// @vitest-environment happy-dom

import type { TTemplateField } from '@parsedesk/contracts'
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { fieldFromSelection, gridFieldsOf } from '../template-fields'
import { TemplateDraft } from './template-draft'

afterEach(cleanup)

const order = (number: number, orderNumber: string) => ({
  $id: `t${number}`,
  number,
  subject: `Order ${orderNumber} confirmed`,
  email: 'shop@example.com',
  body: `Thanks for your order.\nOrder number: ${orderNumber}\nTotal: 10.00 EUR\n`,
})
const SAMPLES = [
  order(3, '10042-A'),
  order(2, '20077-C'),
  { $id: 't1', number: 1, subject: 'Question', email: 'ada@example.com', body: 'Where is my parcel?' },
]

function Editor() {
  const [fields, setFields] = useState<TTemplateField[]>([])
  const [sampleId, setSampleId] = useState<string>()
  return (
    <TemplateDraft
      samples={SAMPLES}
      sampleId={sampleId}
      onSampleChange={setSampleId}
      gridFields={gridFieldsOf(fields)}
      onAddField={(selected) => setFields([...fields, fieldFromSelection(selected)])}
    >
      {fields.map((field) => (
        <button
          key={field.name}
          type="button"
          onClick={() => setFields(fields.filter((kept) => kept !== field))}
        >
          Remove field {field.name}
        </button>
      ))}
    </TemplateDraft>
  )
}

function selectInSample(value: string) {
  const pre = screen.getByTestId('sample-email-text')
  const text = pre.textContent ?? ''
  const range = document.createRange()
  range.setStart(pre.firstChild as Text, text.indexOf(value))
  range.setEnd(pre.firstChild as Text, text.indexOf(value) + value.length)
  window.getSelection()?.removeAllRanges()
  window.getSelection()?.addRange(range)
  fireEvent.mouseUp(pre)
}

describe('the template draft', () => {
  it('looks for a field named in the sample in every recent email, as a pass/fail grid', () => {
    render(<Editor />)
    expect(screen.queryByRole('region', { name: 'Preview on recent emails' })).toBeNull()

    selectInSample('10042-A')
    fireEvent.change(screen.getByLabelText('Field name'), { target: { value: 'Order number' } })
    fireEvent.click(screen.getByRole('button', { name: 'Add field' }))

    const grid = screen.getByRole('region', { name: 'Preview on recent emails' })
    expect(grid.textContent).toContain('All fields found in 2 of 3 recent emails')
    const rows = within(grid).getAllByRole('row').slice(1)
    expect(rows.map((row) => row.textContent)).toEqual([
      '#3 Order 10042-A confirmedPass10042-A',
      '#2 Order 20077-C confirmedPass20077-C',
      '#1 QuestionFailnot found',
    ])
  })

  it('drops the grid with the last field removed', () => {
    render(<Editor />)
    selectInSample('10042-A')
    fireEvent.change(screen.getByLabelText('Field name'), { target: { value: 'Order number' } })
    fireEvent.click(screen.getByRole('button', { name: 'Add field' }))
    fireEvent.click(screen.getByRole('button', { name: 'Remove field Order number' }))
    expect(screen.queryByRole('region', { name: 'Preview on recent emails' })).toBeNull()
  })

  it('selects in the email picked as the sample', () => {
    render(<Editor />)
    fireEvent.change(screen.getByLabelText('Sample email'), { target: { value: 't1' } })
    expect(screen.getByTestId('sample-email-text').textContent).toBe('Where is my parcel?')
  })
})
