// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { SelectableEmail } from './selectable-email'

afterEach(cleanup)

const EMAIL = 'Thanks for your order.\nOrder number: 10042-A\nTotal: 129.90 EUR\n'

/** Selects `value` in the shown email as a mouse drag would, and lets go of the button. */
function dragOver(value: string) {
  const pre = screen.getByTestId('sample-email-text')
  const node = pre.firstChild as Text
  const start = EMAIL.indexOf(value)
  const range = document.createRange()
  range.setStart(node, start)
  range.setEnd(node, start + value.length)
  const selection = window.getSelection()
  selection?.removeAllRanges()
  selection?.addRange(range)
  fireEvent.mouseUp(pre)
}

describe('naming a value selected in the sample email', () => {
  it('proposes the label before it and its type, and adds the named field', () => {
    const onAddField = vi.fn()
    render(<SelectableEmail text={EMAIL} onAddField={onAddField} />)
    expect(screen.getByText(/Select a value in the email/)).toBeTruthy()

    dragOver('129.90')
    expect(screen.getByRole('group', { name: 'Name the selected value' }).textContent).toContain(
      'found after “Total: ”, up to “ EUR”; looks like number',
    )
    fireEvent.change(screen.getByLabelText('Field name'), { target: { value: 'Order total' } })
    fireEvent.click(screen.getByRole('button', { name: 'Add field' }))

    expect(onAddField).toHaveBeenCalledWith({
      label: 'Order total',
      key: 'order_total',
      before: 'Total: ',
      after: ' EUR',
      type: 'number',
      sampleValue: '129.90',
    })
    expect(screen.getByText(/Select a value in the email/)).toBeTruthy()
  })

  it('adds nothing without a name', () => {
    const onAddField = vi.fn()
    render(<SelectableEmail text={EMAIL} onAddField={onAddField} />)
    dragOver('10042-A')
    const add = screen.getByRole('button', { name: 'Add field' }) as HTMLButtonElement
    expect(add.disabled).toBe(true)
    fireEvent.keyDown(screen.getByLabelText('Field name'), { key: 'Enter' })
    expect(onAddField).not.toHaveBeenCalled()
  })
})
