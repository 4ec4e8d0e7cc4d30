import { ErrorType } from '@parsedesk/contracts'
import { describe, expect, it } from 'vitest'
import { AppError } from '../core/app-error'
import { isUniqueViolation, mapUniqueViolation } from './unique-violation'

const taken = Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505' })

describe('mapUniqueViolation', () => {
  it('turns a unique violation into a 409 with the message given', () => {
    const mapped = mapUniqueViolation(taken, 'A group of that name already exists in this workspace')
    expect(mapped).toBeInstanceOf(AppError)
    expect(mapped).toMatchObject({
      type: ErrorType.documentAlreadyExists,
      message: 'A group of that name already exists in this workspace',
    })
  })

  it('turns it into the error given, when a caller has its own', () => {
    const own = new AppError(ErrorType.userAlreadyExists)
    expect(mapUniqueViolation(taken, own)).toBe(own)
  })

  it('leaves every other failure as it was', () => {
    const other = Object.assign(new Error('violates foreign key constraint'), { code: '23503' })
    expect(mapUniqueViolation(other, 'taken')).toBe(other)
    const plain = new Error('connection lost')
    expect(mapUniqueViolation(plain, 'taken')).toBe(plain)
    expect(mapUniqueViolation(undefined, 'taken')).toBeUndefined()
    expect(isUniqueViolation(null)).toBe(false)
    expect(isUniqueViolation('23505')).toBe(false)
  })
})
