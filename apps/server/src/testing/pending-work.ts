/**
 * Work that runs until `finish` is called: for tests that hold something (a gate's places, a lock) and then
 * give it back.
 */
export function pendingWork() {
  let finish = () => {}
  const done = new Promise<void>((resolve) => {
    finish = resolve
  })
  return { work: () => done, finish }
}
