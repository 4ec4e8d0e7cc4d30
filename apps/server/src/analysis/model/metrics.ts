export type TLabelMetrics = { label: string; precision: number; recall: number; f1: number; support: number }
export type TClassificationMetrics = {
  count: number
  accuracy: number
  macroF1: number
  perLabel: TLabelMetrics[]
}

export type MeasureClassificationOptions = { expected: readonly string[]; predicted: readonly string[] }

/** Accuracy, macro-F1 and per-label precision, recall and F1 over the labels seen in either list. */
export function measureClassification(options: MeasureClassificationOptions): TClassificationMetrics {
  const { expected, predicted } = options
  if (expected.length !== predicted.length) throw new Error('expected and predicted differ in length')
  const labels = [...new Set([...expected, ...predicted])].sort()
  let correct = 0
  const truePositives = new Map<string, number>()
  const predictedCounts = new Map<string, number>()
  const expectedCounts = new Map<string, number>()
  const increment = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1)
  for (const [i, truth] of expected.entries()) {
    const guess = predicted[i]!
    increment(expectedCounts, truth)
    increment(predictedCounts, guess)
    if (truth === guess) {
      correct++
      increment(truePositives, truth)
    }
  }
  const perLabel = labels.map((label) => {
    const tp = truePositives.get(label) ?? 0
    const predictedCount = predictedCounts.get(label) ?? 0
    const support = expectedCounts.get(label) ?? 0
    const precision = predictedCount === 0 ? 0 : tp / predictedCount
    const recall = support === 0 ? 0 : tp / support
    const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall)
    return { label, precision, recall, f1, support }
  })
  // Averaged over every label seen in either list, as scikit-learn does, so figures compare with its reports.
  const macroF1 =
    perLabel.length === 0 ? 0 : perLabel.reduce((sum, metrics) => sum + metrics.f1, 0) / perLabel.length
  return {
    count: expected.length,
    accuracy: expected.length === 0 ? 0 : correct / expected.length,
    macroF1,
    perLabel,
  }
}

/** The figures of always answering the most frequent training label, the floor any model must beat. */
export function measureMajorityBaseline(options: {
  trainLabels: readonly string[]
  expected: readonly string[]
}): TClassificationMetrics & { majorityLabel: string } {
  const counts = new Map<string, number>()
  for (const label of options.trainLabels) counts.set(label, (counts.get(label) ?? 0) + 1)
  const majorityLabel =
    [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0] ?? ''
  const metrics = measureClassification({
    expected: options.expected,
    predicted: options.expected.map(() => majorityLabel),
  })
  return { ...metrics, majorityLabel }
}
