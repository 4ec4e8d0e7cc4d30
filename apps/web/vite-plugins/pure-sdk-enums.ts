import type { Plugin } from 'vite'

/**
 * TypeScript compiles an enum to `var E; (function (E) { E["A"] = "a"; })(E || (E = {}));`. A bundler must
 * keep that call even when nothing reads E, so every enum of the appwrite SDK (time zones, country flags,
 * browsers...) would ship with the session check. Written as an annotated call returning E, it is the
 * same value and can be dropped when unused.
 */
const TS_ENUM = /^var (\w+);\n\(function \(\1\) \{\n([\s\S]*?)\n\}\)\(\1 \|\| \(\1 = \{\}\)\);$/gm

export function markEnumsPure(code: string): { code: string; count: number } {
  let count = 0
  const rewritten = code.replace(TS_ENUM, (_enum, name: string, body: string) => {
    count++
    return `var ${name} = /* @__PURE__ */ (function (${name}) {\n${body}\n    return ${name};\n})({});`
  })
  return { code: rewritten, count }
}

const SDK_MODULE = /\/node_modules\/appwrite\/dist\/esm\/sdk\.js$/

export function pureSdkEnums(): Plugin {
  return {
    name: 'parsedesk:pure-sdk-enums',
    apply: 'build',
    transform(code, id) {
      if (!SDK_MODULE.test(id)) return null
      const result = markEnumsPure(code)
      if (result.count === 0) {
        this.warn('no enum of the appwrite SDK matched: its unused enums now ship with the session check')
        return null
      }
      return { code: result.code, map: null }
    },
  }
}
