import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { describe, expect, it } from 'vitest'
import { markEnumsPure } from './pure-sdk-enums'

const compiledEnum = `var Browser;
(function (Browser) {
    Browser["Chrome"] = "ch";
    Browser["Firefox"] = "ff";
})(Browser || (Browser = {}));`

describe('appwrite SDK enums marked as droppable', () => {
  it('keeps the enum value the same', () => {
    const { code, count } = markEnumsPure(compiledEnum)
    expect(count).toBe(1)
    expect(code).toContain('/* @__PURE__ */')
    const read = (source: string) => new Function(`${source}\nreturn Browser`)()
    expect(read(code)).toEqual(read(compiledEnum))
    expect(read(code)).toEqual({ Chrome: 'ch', Firefox: 'ff' })
  })

  it('rewrites every enum of the pinned SDK', () => {
    const sdkPath = createRequire(import.meta.url).resolve('appwrite')
    const sdk = readFileSync(sdkPath.replace(/cjs\/sdk\.js$/, 'esm/sdk.js'), 'utf8')
    const enums = sdk.match(/^var \w+;\n\(function \(\w+\) \{$/gm) ?? []
    expect(enums.length).toBeGreaterThan(10)
    expect(markEnumsPure(sdk).count).toBe(enums.length)
  })
})
