// @vitest-environment happy-dom
import { TicketLimits, TicketMessages } from '@parsedesk/contracts'
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { BulkTagForm } from './bulk-tag-form'

afterEach(cleanup)

function addTag(text: string) {
  fireEvent.change(screen.getByLabelText('Tag to add'), { target: { value: text } })
  fireEvent.click(screen.getByRole('button', { name: 'Add tag' }))
}

describe('the bulk bar’s tag', () => {
  it('adds the tag as tickets store it, then empties the field', async () => {
    const onAddTag = vi.fn()
    render(<BulkTagForm isBusy={false} onAddTag={onAddTag} />)
    addTag('  VIP ')
    await waitFor(() => expect(onAddTag).toHaveBeenCalledWith('vip'))
    expect(screen.getByLabelText('Tag to add')).toHaveProperty('value', '')
  })

  it('refuses a tag the tickets would refuse, before any ticket is changed', async () => {
    const onAddTag = vi.fn()
    render(<BulkTagForm isBusy={false} onAddTag={onAddTag} />)
    addTag('x'.repeat(TicketLimits.tag + 1))
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', TicketMessages.tagLength)
    addTag('   ')
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', TicketMessages.tagLength)
    expect(onAddTag).not.toHaveBeenCalled()
  })
})
