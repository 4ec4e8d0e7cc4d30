// @vitest-environment happy-dom
import { SendingLimits, SendingMessages } from '@parsedesk/contracts'
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { SignatureEditor } from './signature-editor'

afterEach(cleanup)

const editor = (savedHtml: string, onSave: (html: string) => void) =>
  render(
    <SignatureEditor
      label="Your signature"
      savedHtml={savedHtml}
      disabled={false}
      saving={false}
      onSave={onSave}
    />,
  )

describe('the signature editor', () => {
  it('saves the signature as HTML', async () => {
    const onSave = vi.fn()
    editor('<p>Ada, {{workspace.name}}</p>', onSave)
    fireEvent.click(screen.getByRole('button', { name: 'Save signature' }))
    await waitFor(() => expect(onSave).toHaveBeenCalledWith('<p>Ada, {{workspace.name}}</p>'))
  })

  it('refuses a signature longer than the server keeps, in its words, without sending it', async () => {
    const onSave = vi.fn()
    editor(`<p>${'x'.repeat(SendingLimits.signatureHtml)}</p>`, onSave)
    fireEvent.click(screen.getByRole('button', { name: 'Save signature' }))
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', SendingMessages.signatureTooLong)
    expect(onSave).not.toHaveBeenCalled()
  })
})
