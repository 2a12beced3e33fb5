import LibraryAddIcon from '@mui/icons-material/LibraryBooksOutlined';
import { Box, Button, Tab, Tabs, TextField, Typography } from '@mui/material';
import { articlePath } from '@wink/contracts/article-references';
import { lazy, Suspense, useEffect, useId, useImperativeHandle, useRef, useState, type Ref } from 'react';
import { Markdown, preloadMarkdownRenderer } from '../../../components/markdown';
import { track } from '../../../lib/analytics';
import { appOrigin } from '../../../lib/app-origin';
import { useTranslation } from '../../../lib/i18n';
import type { SearchHit } from '../../search';

// Picking an article to cite loads with the first click on "Cite an article".
const CiteArticleDialog = lazy(() => import('./cite-article-dialog'));

/**
 * A cited article as Markdown: its title linked to our own address of it, absolute (links in members'
 * text must be), which the server reads back as a citation.
 */
export function citationMarkdown(article: Pick<SearchHit, 'id' | 'title'>): string {
  return `[${article.title.replace(/[[\]\\]/g, '\\$&')}](${appOrigin()}${articlePath(article.id)})`;
}

// The Preview tab formats what is typed: the renderer starts downloading with the editor.
preloadMarkdownRenderer();

/** Lets a form put the cursor on part of the text (the privacy guard's Edit), from either tab. */
export interface MarkdownEditorHandle {
  select: (start: number, end: number) => void;
  /** Shows the Write tab and puts the caret in the box (where a validation error sends the person). */
  focus: () => void;
}

interface MarkdownEditorProps {
  ref?: Ref<MarkdownEditorHandle>;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  maxLength: number;
  minRows?: number;
  autoFocus?: boolean;
  name?: string;
}

/** A Markdown text area with Write and Preview tabs; the preview is exactly what readers will see. */
export function MarkdownEditor({ ref, label, value, onChange, error, maxLength, minRows = 6, autoFocus, name }: MarkdownEditorProps) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<'write' | 'preview'>('write');
  const id = useId();
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const [selection, setSelection] = useState<{ start: number; end: number } | null>(null);
  const [citing, setCiting] = useState(false);
  // Where a citation goes: the caret (or the selection it replaces) when the picker opened.
  const insertAt = useRef<{ start: number; end: number }>({ start: value.length, end: value.length });
  const openCiting = () => {
    const input = inputRef.current;
    insertAt.current =
      tab === 'write' && input ? { start: input.selectionStart, end: input.selectionEnd } : { start: value.length, end: value.length };
    setCiting(true);
  };
  const cite = (article: SearchHit) => {
    const { start, end } = insertAt.current;
    const before = value.slice(0, start);
    const link = `${before && !/\s$/.test(before) ? ' ' : ''}${citationMarkdown(article)}`;
    onChange(`${before}${link}${value.slice(end)}`.slice(0, maxLength));
    setCiting(false);
    setTab('write');
    setSelection({ start: start + link.length, end: start + link.length });
    track('article_cited', { article_id: article.id, source: article.source });
  };
  useImperativeHandle(ref, () => ({
    select: (start, end) => {
      setTab('write');
      setSelection({ start, end });
    },
    focus: () => {
      setTab('write');
      const end = inputRef.current?.value.length ?? 0;
      setSelection({ start: end, end });
    },
  }));
  // Once the text area shows (it is hidden on the Preview tab), focus it and select the range.
  useEffect(() => {
    if (!selection || tab !== 'write' || !inputRef.current) return;
    inputRef.current.focus();
    inputRef.current.setSelectionRange(selection.start, selection.end);
    setSelection(null);
  }, [selection, tab]);
  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', columnGap: 1 }}>
        <Tabs
          value={tab}
          onChange={(_event, next: 'write' | 'preview') => setTab(next)}
          aria-label={t('markdown.modes', { label })}
          sx={{ flex: 1 }}
        >
          <Tab value="write" label={t('markdown.write')} id={`${id}-write-tab`} aria-controls={`${id}-write`} />
          <Tab value="preview" label={t('markdown.preview')} id={`${id}-preview-tab`} aria-controls={`${id}-preview`} />
        </Tabs>
        <Button size="small" startIcon={<LibraryAddIcon />} onClick={openCiting} aria-haspopup="dialog">
          {t('citations.cite')}
        </Button>
      </Box>
      {citing && (
        <Suspense fallback={null}>
          <CiteArticleDialog open onClose={() => setCiting(false)} onPick={cite} />
        </Suspense>
      )}
      <Box role="tabpanel" id={`${id}-write`} aria-labelledby={`${id}-write-tab`} hidden={tab !== 'write'} sx={{ pt: 1.5 }}>
        <TextField
          label={label}
          name={name}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          error={Boolean(error)}
          helperText={error ?? t('markdown.help')}
          multiline
          minRows={minRows}
          fullWidth
          autoFocus={autoFocus}
          inputRef={inputRef}
          slotProps={{ htmlInput: { maxLength } }}
        />
      </Box>
      <Box role="tabpanel" id={`${id}-preview`} aria-labelledby={`${id}-preview-tab`} hidden={tab !== 'preview'} sx={{ pt: 1.5 }}>
        {tab === 'preview' &&
          (value.trim() ? (
            <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2, minHeight: 96 }}>
              <Markdown source={value} />
            </Box>
          ) : (
            <Typography color="text.secondary">{t('markdown.nothingToPreview')}</Typography>
          ))}
        {error && tab === 'preview' && (
          <Typography color="error" variant="body2" sx={{ mt: 1 }}>
            {error}
          </Typography>
        )}
      </Box>
    </Box>
  );
}
