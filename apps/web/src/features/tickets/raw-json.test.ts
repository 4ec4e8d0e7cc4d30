import { describe, expect, it } from 'vitest'
import { findHtmlBody, markHtmlBodyLines, readRawJson } from './raw-json'

describe('raw JSON view', () => {
  it('has nothing to show when no raw JSON exists', () => {
    expect(readRawJson(null)).toBeNull()
    expect(readRawJson(undefined)).toBeNull()
    expect(readRawJson('')).toBeNull()
  })

  it('pretty-prints a JSON string or an object alike', () => {
    const payload = { From: 'a@example.com', Subject: 'Hi' }
    const expected = '{\n  "From": "a@example.com",\n  "Subject": "Hi"\n}'
    expect(readRawJson(JSON.stringify(payload))?.text).toBe(expected)
    expect(readRawJson(payload)?.text).toBe(expected)
  })

  it('shows a string that is not JSON as it is', () => {
    expect(readRawJson('From: a@example.com')).toEqual({ text: 'From: a@example.com', htmlBody: null })
  })

  it('finds the HtmlBody part, at the top or nested, and marks its line', () => {
    const top = readRawJson({ TextBody: 'hi', HtmlBody: '<p>hi</p>' })
    expect(top?.htmlBody).toBe('<p>hi</p>')
    expect(findHtmlBody({ message: { parts: [{ htmlBody: '<b>x</b>' }] } })).toBe('<b>x</b>')
    expect(findHtmlBody({ HtmlBody: '   ' })).toBeNull()
    const marked = markHtmlBodyLines(top?.text ?? '')
    expect(marked.filter((line) => line.isHtmlBody).map((line) => line.line.trim())).toEqual([
      '"HtmlBody": "<p>hi</p>"',
    ])
  })
})
