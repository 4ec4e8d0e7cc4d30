import {
  CategoryKey,
  readAnalysisText,
  TICKET_PRIORITIES,
  type TTicketAnalysis,
  type TTicketCategory,
  type TTicketPriority,
  WorkspaceModelLimits,
  WorkspaceModelMessages,
  writeAnalysisText,
} from '@parsedesk/contracts'
import { renameInText } from '../analysis/categories/fit-to-workspace'
import type { TTextClassifier } from '../analysis/model/classifier'

/**
 * The analysis with the category the workspace's own model chose, when it is confident and the category
 * is still on the workspace's list; said so in the reason. Spam stays the spam rules', and an LLM's choice
 * (offered the workspace's categories by name) stays its own.
 */
export function applyWorkspaceModel(options: {
  analysis: TTicketAnalysis
  classifier: TTextClassifier
  categories: readonly TTicketCategory[]
  text: string
}): TTicketAnalysis {
  const { analysis } = options
  if (analysis.category === CategoryKey.spam || analysis.details?.source === 'llm') return analysis
  const prediction = options.classifier.classify({ text: options.text })
  if (prediction.confidence < WorkspaceModelLimits.minConfidence) return analysis
  const category = options.categories.find((candidate) => candidate.key === prediction.label)
  if (!category || category.key === analysis.category) return analysis
  const reason = WorkspaceModelMessages.learnt(Math.round(prediction.confidence * 100))
  return {
    ...analysis,
    category: category.key,
    confidence: prediction.confidence,
    analysis: renameInText({ text: analysis.analysis, name: category.name, reason }),
    ...(analysis.details
      ? { details: { ...analysis.details, categoryLabel: category.key, categoryReason: reason } }
      : {}),
  }
}

/**
 * The analysis with the priority the workspace's own priority model chose, when it is confident: its one
 * reason says so, as the rules' reasons quote words that did not decide it. Spam stays low (nobody waits
 * on it), and an LLM's priority stays its own.
 */
export function applyPriorityModel(options: {
  analysis: TTicketAnalysis
  classifier: TTextClassifier
  text: string
}): TTicketAnalysis {
  const { analysis } = options
  if (analysis.category === CategoryKey.spam || analysis.details?.source === 'llm') return analysis
  const prediction = options.classifier.classify({ text: options.text })
  if (prediction.confidence < WorkspaceModelLimits.minConfidence) return analysis
  const priority = TICKET_PRIORITIES.find((candidate) => candidate === prediction.label)
  if (!priority || priority === analysis.priority) return analysis
  const reasons = [WorkspaceModelMessages.learntPriority(priority, Math.round(prediction.confidence * 100))]
  return {
    ...analysis,
    priority,
    analysis: repriorityInText({ text: analysis.analysis, priority, reasons }),
    ...(analysis.details ? { details: { ...analysis.details, priorityReasons: reasons } } : {}),
  }
}

function repriorityInText(options: { text: string; priority: TTicketPriority; reasons: string[] }): string {
  const parts = readAnalysisText(options.text)
  if (!parts) return options.text
  return writeAnalysisText({ ...parts, priority: options.priority, priorityReasons: options.reasons })
}
