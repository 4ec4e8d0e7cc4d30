import { describe, expect, it } from 'vitest'
import { splitStatements } from './migrate'

describe('splitStatements', () => {
  it('splits at a semicolon ending a line, but never inside a dollar-quoted body', () => {
    const sql = [
      '-- a comment',
      'create table a (id int);',
      'create function f() returns trigger language plpgsql as $$',
      'begin',
      '  new.n := 1;',
      '  return new;',
      'end $$;',
      'create trigger t before insert on a for each row execute function f();',
      '',
    ].join('\n')
    expect(splitStatements(sql)).toEqual([
      'create table a (id int)',
      'create function f() returns trigger language plpgsql as $$\nbegin\n  new.n := 1;\n  return new;\nend $$',
      'create trigger t before insert on a for each row execute function f()',
    ])
  })
})
