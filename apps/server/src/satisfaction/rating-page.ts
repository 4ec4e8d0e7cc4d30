import {
  SatisfactionLimits,
  SURVEY_TEXTS,
  type TSatisfactionRating,
  type TSurveyLanguage,
} from '@parsedesk/contracts'
import { escapeHtml } from './survey-mail'

// One small page, no script and nothing loaded from elsewhere: it opens on any phone from a mail app.
const STYLE = `body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0;background:#f6f6f7;color:#18181b}
main{max-width:28rem;margin:0 auto;padding:1.5rem 1rem}
.card{background:#fff;border:1px solid #e4e4e7;border-radius:.75rem;padding:1.25rem}
h1{font-size:1.25rem;margin:0 0 .25rem}p{margin:.25rem 0 1rem;color:#52525b}
fieldset{border:0;padding:0;margin:0 0 1rem;display:grid;gap:.5rem}
label.choice{display:flex;gap:.5rem;align-items:center;border:1px solid #d4d4d8;border-radius:.5rem;padding:.75rem;font-size:1rem}
label.choice:has(input:checked){border-color:#18181b;background:#f4f4f5}
textarea{width:100%;box-sizing:border-box;min-height:6rem;font:inherit;padding:.5rem;border:1px solid #d4d4d8;border-radius:.5rem}
button{margin-top:1rem;width:100%;padding:.75rem;font:inherit;font-weight:600;color:#fff;background:#18181b;border:0;border-radius:.5rem}`

function page(language: TSurveyLanguage, title: string, body: string): string {
  return `<!doctype html><html lang="${language}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body><main><div class="card">${body}</div></main></body></html>`
}

/** The question: good or bad (the one the mail's link chose, checked), a comment, and Send. */
export function ratingForm(input: {
  language: TSurveyLanguage
  workspace: string
  ticketNumber: number
  action: string
  chosen: TSatisfactionRating | undefined
}): string {
  const texts = SURVEY_TEXTS[input.language]
  const choice = (rating: TSatisfactionRating, label: string) =>
    `<label class="choice"><input type="radio" name="rating" value="${rating}" required${
      input.chosen === rating ? ' checked' : ''
    }> ${escapeHtml(label)}</label>`
  return page(
    input.language,
    texts.question,
    `<h1>${escapeHtml(texts.question)}</h1><p>${escapeHtml(input.workspace)} · #${input.ticketNumber}</p>
<form method="post" action="${escapeHtml(input.action)}"><fieldset>
${choice('good', texts.good)}${choice('bad', texts.bad)}</fieldset>
<label for="comment">${escapeHtml(texts.commentLabel)}</label>
<textarea id="comment" name="comment" maxlength="${SatisfactionLimits.comment}"></textarea>
<button type="submit">${escapeHtml(texts.send)}</button></form>`,
  )
}

/** A page of one sentence: thanks, expired, used or not valid. */
export function ratingNotice(language: TSurveyLanguage, sentence: string): string {
  return page(language, sentence, `<h1>${escapeHtml(sentence)}</h1>`)
}
