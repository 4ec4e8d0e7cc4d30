import type { Editor } from '@tiptap/react'
import { useEditorState } from '@tiptap/react'
import { Bold, Code, Italic, Link2, List, ListOrdered, type LucideIcon, Quote } from 'lucide-react'
import { useState } from 'react'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { cn } from '@/lib/utils'

type TFormat = {
  label: string
  icon: LucideIcon
  isActive: (editor: Editor) => boolean
  run: (editor: Editor) => void
}

const FORMATS: TFormat[] = [
  {
    label: 'Bold',
    icon: Bold,
    isActive: (editor) => editor.isActive('bold'),
    run: (editor) => editor.chain().focus().toggleBold().run(),
  },
  {
    label: 'Italic',
    icon: Italic,
    isActive: (editor) => editor.isActive('italic'),
    run: (editor) => editor.chain().focus().toggleItalic().run(),
  },
  {
    label: 'Bulleted list',
    icon: List,
    isActive: (editor) => editor.isActive('bulletList'),
    run: (editor) => editor.chain().focus().toggleBulletList().run(),
  },
  {
    label: 'Numbered list',
    icon: ListOrdered,
    isActive: (editor) => editor.isActive('orderedList'),
    run: (editor) => editor.chain().focus().toggleOrderedList().run(),
  },
  {
    label: 'Quote',
    icon: Quote,
    isActive: (editor) => editor.isActive('blockquote'),
    run: (editor) => editor.chain().focus().toggleBlockquote().run(),
  },
  {
    label: 'Code',
    icon: Code,
    isActive: (editor) => editor.isActive('code'),
    run: (editor) => editor.chain().focus().toggleCode().run(),
  },
]

/** Only web and mail links: anything else (javascript:, data:) is refused here as the server refuses it. */
function linkHref(text: string): string | undefined {
  const trimmed = text.trim()
  if (!trimmed) return undefined
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(trimmed) ? trimmed : `https://${trimmed}`
  try {
    const url = new URL(withScheme)
    return ['http:', 'https:', 'mailto:'].includes(url.protocol) ? url.href : undefined
  } catch {
    return undefined
  }
}

/** The formatting a reply may carry: bold, italic, lists, links, quotes and code. */
export function ComposerToolbar({ editor, disabled }: { editor: Editor; disabled: boolean }) {
  const active = useEditorState({
    editor,
    selector: ({ editor: current }) => FORMATS.map((format) => format.isActive(current)),
  })
  const [isLinking, setIsLinking] = useState(false)
  const [href, setHref] = useState('')
  const [linkProblem, setLinkProblem] = useState('')

  function applyLink() {
    if (href.trim() === '') {
      editor.chain().focus().extendMarkRange('link').unsetLink().run()
    } else {
      const safe = linkHref(href)
      if (!safe) {
        setLinkProblem('A link is a web (https://) or mail (mailto:) address')
        return
      }
      editor.chain().focus().extendMarkRange('link').setLink({ href: safe }).run()
    }
    setIsLinking(false)
    setHref('')
    setLinkProblem('')
  }

  return (
    <div className="grid gap-2">
      <div role="toolbar" aria-label="Formatting" className="flex flex-wrap gap-1">
        {FORMATS.map((format, index) => (
          <Button
            key={format.label}
            type="button"
            variant="ghost"
            size="icon"
            aria-label={format.label}
            aria-pressed={active?.[index] ?? false}
            title={format.label}
            disabled={disabled}
            className={cn('size-8', active?.[index] && 'bg-accent text-accent-foreground')}
            onClick={() => format.run(editor)}
          >
            <format.icon aria-hidden="true" />
          </Button>
        ))}
        <Button
          type="button"
          variant="ghost"
          size="icon"
          aria-label="Link"
          aria-expanded={isLinking}
          title="Link"
          disabled={disabled}
          className={cn('size-8', editor.isActive('link') && 'bg-accent text-accent-foreground')}
          onClick={() => {
            setHref(String(editor.getAttributes('link').href ?? ''))
            setIsLinking((open) => !open)
          }}
        >
          <Link2 aria-hidden="true" />
        </Button>
      </div>
      {isLinking && (
        <div className="grid gap-1">
          <div className="flex gap-2">
            <Input
              aria-label="Link address"
              placeholder="https://example.com/help"
              value={href}
              aria-invalid={linkProblem !== ''}
              onChange={(event) => setHref(event.target.value)}
              onKeyDown={(event) => {
                if (event.key !== 'Enter') return
                event.preventDefault()
                applyLink()
              }}
            />
            <Button type="button" variant="outline" size="sm" className="h-9" onClick={applyLink}>
              Apply
            </Button>
          </div>
          {linkProblem && <p className="text-sm text-destructive">{linkProblem}</p>}
        </div>
      )}
    </div>
  )
}
