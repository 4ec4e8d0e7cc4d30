/** Work that runs until `finish` is called: for a gate's tests, which hold places and then give them back. */
export function pendingWork() {
  let finish = () => {}
  const done = new Promise<void>((resolve) => {
    finish = resolve
  })
  return { work: () => done, finish }
}
