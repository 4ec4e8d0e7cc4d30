// @vitest-environment happy-dom
import { RuleMessages, type TRuleGroup } from '@parsedesk/contracts'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { emptyConditions } from '../rule-editor-state'
import { describeRule, ruleNames } from '../rule-sentence'
import { ConditionsEditor } from './conditions-editor'

afterEach(cleanup)

const names = ruleNames({ members: [], groups: [], category: (key) => key })

function Editor() {
  const [root, setRoot] = useState<TRuleGroup>(emptyConditions())
  const rule = { kind: 'on-create' as const, stopHere: true, conditions: root }
  return (
    <>
      <ConditionsEditor
        root={root}
        onChange={setRoot}
        choices={{ groups: [], members: [], categories: [] }}
      />
      <output>
        {describeRule({ ...rule, actions: [{ type: 'set-priority', priority: 'high' }] }, names)}
      </output>
    </>
  )
}

const sentence = () => screen.getByRole('status').textContent

describe('the rule editor’s conditions', () => {
  it('writes the issue’s example rule and reads it back as a sentence', () => {
    render(<Editor />)
    expect(sentence()).toBe('When a new ticket arrives, set priority to High and stop')
    fireEvent.click(screen.getByRole('button', { name: 'Add condition' }))
    fireEvent.change(screen.getByLabelText('Value of condition 1'), { target: { value: 'refund' } })
    expect(sentence()).toBe(
      'When a new ticket arrives and the subject contains "refund", set priority to High and stop',
    )
  })

  it('nests an "any" group, offers only the tests a field takes, and shows the contract’s refusal', () => {
    render(<Editor />)
    fireEvent.click(screen.getByRole('button', { name: 'Add condition' }))
    fireEvent.change(screen.getByLabelText('Field of condition 1'), {
      target: { value: 'time.hours-since-created' },
    })
    const tests = screen.getByLabelText('Test of condition 1') as HTMLSelectElement
    expect([...tests.options].map((option) => option.textContent)).toEqual(['is more than', 'is less than'])
    expect(screen.getByText(RuleMessages.numberRequired)).toBeTruthy()
    fireEvent.change(screen.getByLabelText('Value of condition 1'), { target: { value: '24' } })
    expect(screen.queryByText(RuleMessages.numberRequired)).toBeNull()

    fireEvent.click(screen.getAllByRole('button', { name: 'Add group' })[0] as HTMLElement)
    fireEvent.change(screen.getByLabelText('Test of condition 2.1'), { target: { value: 'regex' } })
    fireEvent.change(screen.getByLabelText('Value of condition 2.1'), { target: { value: '(?=refund)' } })
    expect(screen.getByText((text) => text.startsWith(RuleMessages.patternInvalid))).toBeTruthy()
    fireEvent.change(screen.getByLabelText('Value of condition 2.1'), {
      target: { value: 'refund|chargeback' },
    })
    expect(sentence()).toBe(
      'When a new ticket arrives and the ticket’s age in hours is more than 24 and (the subject matches the pattern "refund|chargeback"), set priority to High and stop',
    )
  })

  it('offers a choice field’s values by name, starting empty', () => {
    render(<Editor />)
    fireEvent.click(screen.getByRole('button', { name: 'Add condition' }))
    fireEvent.change(screen.getByLabelText('Value of condition 1'), { target: { value: 'refund' } })
    fireEvent.change(screen.getByLabelText('Field of condition 1'), { target: { value: 'ticket.status' } })
    const values = screen.getByLabelText('Value of condition 1') as HTMLSelectElement
    expect(values.value).toBe('')
    expect([...values.options].map((option) => option.textContent)).toEqual([
      'Choose…',
      'Open',
      'In progress',
      'Pending',
      'On hold',
      'Closed',
    ])
    fireEvent.change(values, { target: { value: 'on-hold' } })
    expect(sentence()).toBe(
      'When a new ticket arrives and the status is On hold, set priority to High and stop',
    )
  })
  it('offers the SLA clocks: "due within" asks for minutes and reads back as a sentence', () => {
    render(<Editor />)
    fireEvent.click(screen.getByRole('button', { name: 'Add condition' }))
    fireEvent.change(screen.getByLabelText('Field of condition 1'), { target: { value: 'sla.resolution' } })
    expect(sentence()).toBe(
      'When a new ticket arrives and the SLA resolution is breached, set priority to High and stop',
    )
    fireEvent.change(screen.getByLabelText('Test of condition 1'), { target: { value: 'due-within' } })
    expect(screen.getByText(RuleMessages.dueWithinMinutes)).toBeTruthy()
    fireEvent.change(screen.getByLabelText('Minutes'), { target: { value: '30' } })
    expect(sentence()).toBe(
      'When a new ticket arrives and the SLA resolution is due within 30 minutes, set priority to High and stop',
    )
  })
})
