import { describe, expect, it } from 'vitest'
import { findDmarcFailure } from './dmarc-verdict'

const header = (Name: string, Value: string) => ({ Name, Value })

describe('findDmarcFailure', () => {
  it('reads the receiving server’s dmarc=fail in Authentication-Results or ARC-Authentication-Results', () => {
    expect(
      findDmarcFailure([
        header(
          'Authentication-Results',
          'mx.example.net; spf=softfail smtp.mailfrom=evil.example; dmarc=fail (p=NONE) header.from=customer.example',
        ),
      ]),
    ).toBe('Authentication-Results')
    expect(
      findDmarcFailure([
        header(
          'ARC-Authentication-Results',
          'i=1; mx.google.com;\r\n dkim=none; DMARC=FAIL header.from=x.example',
        ),
      ]),
    ).toBe('ARC-Authentication-Results')
  })

  it('takes dmarc=pass, none and a missing header for no failure', () => {
    expect(findDmarcFailure([])).toBeNull()
    expect(
      findDmarcFailure([
        header('Authentication-Results', 'mx.example.net; dmarc=pass header.from=a.example'),
      ]),
    ).toBeNull()
    expect(findDmarcFailure([header('Authentication-Results', 'mx.example.net; dmarc=none')])).toBeNull()
  })

  it('reads only the topmost of each header: one a sender wrote further down is not believed', () => {
    expect(
      findDmarcFailure([
        header('Authentication-Results', 'mx.example.net; dmarc=pass header.from=a.example'),
        header('Received', 'from evil.example by mx.example.net'),
        header('Authentication-Results', 'forged.example; dmarc=fail'),
      ]),
    ).toBeNull()
  })

  it('does not read a fail out of a comment, a property or the server’s name', () => {
    expect(
      findDmarcFailure([
        header(
          'Authentication-Results',
          'dmarc=fail.example.net; dmarc=pass (not dmarc=fail) header.from=dmarc=fail',
        ),
      ]),
    ).toBeNull()
  })
})
